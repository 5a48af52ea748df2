// Award highlights: the award, the paper, its authors, a short excerpt, when and where
// it is presented. One or two awards a screen, by screen size; those still to be
// presented first (awardSelection).
#include <algorithm>
#include <cmath>

#include "base/text.hpp"
#include "ui/pages.hpp"
#include "model/wording.hpp"

namespace hallboard::ui {

namespace {

int perScreen(const PageConfig& page, Canvas& c) {
    if (page.itemsPerPage > 0) return page.itemsPerPage;
    Rect area = contentRect(c);
    const Theme& t = c.t();
    // Two cards need room for a title and several lines of excerpt each: stacked in
    // portrait, side by side (two columns of about 26 em) in landscape.
    return t.portrait ? (area.h() > t.body * 30 ? 2 : 1) : (area.w() > t.body * 52 && area.h() > t.body * 14 ? 2 : 1);
}

std::string whereAndWhen(const KioskView& view, const Award& a) {
    const Program& p = view.p();
    const Talk& talk = p.talks[a.talk];
    if (talk.session) {
        const Session& s = p.sessions[*talk.session];
        Instant at = talk.slot.start;
        std::string out = trf(tr("Presented %s, %s"), localShortDate(localDay(p.conference.zone, at)).c_str(),
                              shortTime(view, at).c_str());
        if (s.room) out += "  ·  " + isolate(p.rooms[*s.room].name);
        return out;
    }
    if (a.room) return trf(tr("Presented in %s"), isolate(p.rooms[*a.room].name).c_str());
    return {};
}

void drawAward(const KioskView& view, const Award& a, Canvas& c, Rect card) {
    const Theme& t = c.t();
    const Program& p = view.p();
    const Talk& talk = p.talks[a.talk];
    fillRect(c, card.min, card.max, t.surface, t.radius);
    touchTarget(c, card, {browse::Action::Kind::talk, a.talk});
    fillRect(c, card.min, ImVec2{card.max.x, card.min.y + 8 * t.unit + 2}, t.accent, t.radius);
    float pad = t.gap * 1.4f;
    Rect in{ImVec2{card.min.x + pad, card.min.y + pad * 1.2f}, ImVec2{card.max.x - pad, card.max.y - pad}};
    float y = in.min.y;
    TextStyle award{Face::display, t.subtitle, Weight::bold, t.accent, 2, t.body};
    y += text(c, a.name, award, {ImVec2{in.min.x, y}, in.w()}) + t.gapM();

    std::string where = whereAndWhen(view, a);
    float whereH = where.empty() ? 0 : t.body * 1.5f;
    float room = in.max.y - y - whereH;
    // A missing title is said plainly and quietly; the abstract then carries the card.
    // When the abstract names its system, that name heads the card, marked as such.
    std::string named = nameFromAbstract(talk);
    TextStyle title = talk.title.empty() && named.empty()
                          ? TextStyle{Face::display, t.subtitle, Weight::regular, t.muted, 1}
                          : TextStyle{Face::display, t.title, Weight::bold, t.text, t.portrait ? 5 : 3, t.subtitle};
    // A portrait card is narrow and tall: a long title takes up to five lines (at three it
    // was cut, "…Long-Tailed…", over an abstract at full length); the abstract gives way.
    y += text(c, named.empty() ? headline(talk) : named, title, {ImVec2{in.min.x, y}, in.w(), room * 0.45f}) + t.gapS();
    if (!named.empty())
        y += text(c, tr(kFromAbstract), TextStyle{Face::text, t.small, Weight::regular, t.muted, 1},
                  {ImVec2{in.min.x, y}, in.w()}) +
             t.gapS();
    TextStyle authors{Face::text, t.body, Weight::regular, t.muted, 2, t.small};
    std::string who = fittedAuthorLine(c, p, talk, 6, {authors, in.w()});
    if (!who.empty()) {
        y += text(c, who, authors, {ImVec2{in.min.x, y}, in.w()}) + t.gapM();
    }
    if (!talk.abstract.empty() && in.max.y - whereH - y > t.body * 1.3f) {
        // The abstract's opening sentences, larger when the card has room: what the paper
        // is, read in passing; the whole abstract is a touch away.
        passage(c, talk.abstract, t.text, {ImVec2{in.min.x, y}, in.w(), in.max.y - whereH - y - t.gapXs()},
                t.portrait ? 9 : 7);
    }
    if (!where.empty()) {
        TextStyle whereStyle{Face::text, t.body, Weight::regular, t.accent, 1, t.small};
        text(c, where, whereStyle, {ImVec2{in.min.x, in.max.y - t.body * kLeading}, in.w()});
    }
}

int awardsScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    std::size_t n = view.p().awards.size();
    if (n == 0) return 0;
    return Paging{n, static_cast<std::size_t>(perScreen(page, c))}.screens();
}

void drawAwards(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    const Theme& t = c.t();
    const auto& awards = view.p().awards;
    std::vector<Index> order = awardSelection(view);  // those still to come first
    Rect area = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    area.min.y += text(c, tr("AWARDS"), heading, {area.min, area.w()}) + t.gapL();
    auto [first, last] = Paging{awards.size(), static_cast<std::size_t>(perScreen(page, c))}.range(screen);
    std::size_t count = last - first;
    if (count == 0) return;
    bool sideBySide = !t.portrait && count > 1;
    for (std::size_t k = 0; k < count; ++k) {
        Rect card;
        if (sideBySide) {
            float w = (area.w() - t.gap * static_cast<float>(count - 1)) / static_cast<float>(count);
            float x = area.min.x + static_cast<float>(k) * (w + t.gap);
            card = Rect{ImVec2{x, area.min.y}, ImVec2{x + w, area.max.y}};
        } else {
            float h = (area.h() - t.gap * static_cast<float>(count - 1)) / static_cast<float>(count);
            float y = area.min.y + static_cast<float>(k) * (h + t.gap);
            card = Rect{ImVec2{area.min.x, y}, ImVec2{area.max.x, y + h}};
        }
        drawAward(view, awards[order[first + k]], c, card);
    }
}

// "Best Paper: Pipemare … | Outstanding Paper: …".
std::string describeAwards(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    if (screen < 0) return "nothing";
    const Program& p = view.p();
    std::vector<Index> order = awardSelection(view);
    auto [first, last] = Paging{order.size(), static_cast<std::size_t>(perScreen(page, c))}.range(screen);
    std::string out;
    for (std::size_t i = first; i < last; ++i) {
        const Award& a = p.awards[order[i]];
        out += (out.empty() ? "" : " | ") + a.name + ": " + titleOrOpening(p.talks[a.talk], 60);
    }
    return out.empty() ? "nothing" : out;
}

}  // namespace

const PageType awardsPage{awardsScreens, drawAwards, describeAwards};

}  // namespace hallboard::ui
