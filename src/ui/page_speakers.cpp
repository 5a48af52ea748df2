// Speakers: the speakers of talks on now or in the next hours, keynotes first
// (speakerSelection), never a talk that is over. A speaker whose bio fills a screen has
// one: photo (or initials), name, affiliation, the bio's opening fitted to the space, and
// their talks with time and room. The others (a short bio, or none) share a screen, two
// to four cards, each whole: at a big conference 218 speakers without bios had been 218
// screens of a name above empty space.
#include <algorithm>
#include <cmath>
#include <optional>

#include "base/text.hpp"
#include "ui/pages.hpp"
#include "model/wording.hpp"

namespace hallboard::ui {

namespace {

// When and where a talk of the speaker's is.
std::string talkMeta(const KioskView& view, const Talk& talk) {
    const Program& p = view.p();
    std::string meta;
    if (talk.session) {
        const Session& s = p.sessions[*talk.session];
        bool live = talk.slot.contains(view.now);
        meta = live ? trf(tr("On now  ·  until %s"), shortTime(view, talk.slot.end).c_str())
                    : dayAndTime(view, talk.slot.start);
        if (s.room) meta += "  ·  " + isolate(p.rooms[*s.room].name);
        if (!live) meta += "  ·  " + untilText(talk.slot.start - view.now);
    }
    return meta;
}

// A talk of the speaker's: its title, and under it when and where (each in `metaLines`
// lines at most: a card's narrow column wraps them rather than cut the room). Returns the height;
// draws only with `drawIt`.
struct TalkLineSizes {
    float titlePx, metaPx;
    int metaLines = 1;
};
float talkLines(const PageDraw& d, const Talk& talk, const TextBox& box, const TalkLineSizes& sizes,
                bool drawIt = true) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const ImVec2 pos = box.pos;
    const float width = box.width, titlePx = sizes.titlePx, metaPx = sizes.metaPx;
    const int metaLines = sizes.metaLines;
    const Theme& t = c.t();
    TextStyle title{Face::display, titlePx, Weight::bold, t.text, metaLines, t.body};
    TextStyle metaStyle{Face::text, metaPx, Weight::regular, t.accent, metaLines};
    std::string meta = talkMeta(view, talk);
    if (!drawIt) return layout(c, headline(talk), title, width).height + layout(c, meta, metaStyle, width).height;
    float y = pos.y + text(c, headline(talk), title, {pos, width});
    // Under a right-to-left title, at the right as the title is (it had sat at the
    // left under an Arabic title at the right).
    Align metaAlign = paragraphDirection(headline(talk)) == Direction::rtl ? Align::right : Align::left;
    y += text(c, meta, metaStyle, {ImVec2{pos.x, y}, width, FLT_MAX, metaAlign});
    return y - pos.y;
}

// The cards of a shared screen: two side by side on a landscape screen, four in a
// square; one above another on a portrait one.
struct Grid {
    int cols = 1, rows = 1;
};
Grid gridFor(const Theme& t, std::size_t cards) {
    auto n = static_cast<int>(cards);
    if (t.portrait) return {1, std::max(1, n)};
    return n <= 2 ? Grid{std::max(1, n), 1} : Grid{2, 2};
}
constexpr std::size_t kCardsPerScreen = 4;

Rect sharedArea(Canvas& c) {
    const Theme& t = c.t();
    Rect area = contentRect(c);
    area.min.y += t.small * kLeading + t.gapL();  // the heading
    return area;
}

Rect cell(Canvas& c, Grid g, int i) {
    const Theme& t = c.t();
    Rect area = sharedArea(c);
    float gap = t.gap;
    float w = (area.w() - gap * static_cast<float>(g.cols - 1)) / static_cast<float>(g.cols);
    float h = (area.h() - gap * static_cast<float>(g.rows - 1)) / static_cast<float>(g.rows);
    float x = area.min.x + static_cast<float>(i % g.cols) * (w + gap);
    float y = area.min.y + static_cast<float>(i / g.cols) * (h + gap);
    return Rect{ImVec2{x, y}, ImVec2{x + w, y + h}};
}

// A card's parts, sized for its cell.
struct CardStyle {
    float pad, radius;
    TextStyle name, aff, bio;
    float titlePx, metaPx;
};
CardStyle cardStyle(const Theme& t, Rect r) {
    CardStyle s{t.gap,
                std::min(r.h() * 0.16f, r.w() * 0.1f),
                TextStyle{Face::display, t.title, Weight::bold, t.text, 2, t.subtitle},
                TextStyle{Face::text, t.body, Weight::regular, t.accent, 1, t.small},
                TextStyle{Face::text, t.body, Weight::regular, t.text, 0},
                t.body,
                t.small};
    return s;
}

// The height a speaker's card needs in `r`, with the whole bio; beyond the cell's, the
// speaker takes a screen of their own.
float cardHeight(const KioskView& view, const SpeakerHighlight& h, Canvas& c, Rect r) {
    const Theme& t = c.t();
    const Person& person = view.p().people[h.person];
    CardStyle s = cardStyle(t, r);
    float textW = r.w() - 2 * s.pad - s.radius * 2 - s.pad;
    float head = layout(c, person.name, s.name, textW).height;
    if (!person.affiliation.empty()) head += layout(c, person.affiliation, s.aff, textW).height;
    float bio = person.bio.empty() ? 0.0f : layout(c, person.bio, s.bio, textW).height + t.gapS();
    float talks = h.talks.empty() ? 0.0f
                                  : talkLines({view, c}, view.p().talks[h.talks.front()], {{}, textW},
                                              {s.titlePx, s.metaPx, 2}, false) +
                                        t.gapL();
    return 2 * s.pad + std::max(s.radius * 2, head + t.gapXs() + bio + talks);
}

void drawCard(const KioskView& view, const SpeakerHighlight& h, Canvas& c, Rect r) {
    const Theme& t = c.t();
    const Person& person = view.p().people[h.person];
    CardStyle s = cardStyle(t, r);
    fillRect(c, r.min, r.max, t.surface, t.radius);
    if (auto entry = directoryEntry(view, person.name)) touchTarget(c, r, {browse::Action::Kind::person, *entry});
    avatar(c, ImVec2{r.min.x + s.pad + s.radius, r.min.y + s.pad + s.radius}, s.radius, person.photo, person.name);
    float x = r.min.x + s.pad * 2 + s.radius * 2;
    float w = r.max.x - s.pad - x;
    float y = r.min.y + s.pad;
    y += text(c, person.name, s.name, {ImVec2{x, y}, w});
    if (!person.affiliation.empty()) y += text(c, person.affiliation, s.aff, {ImVec2{x, y}, w});
    y += t.gapXs();
    // The bio, then the talk under it: read as one card, not a name over empty space.
    if (!person.bio.empty()) y += text(c, person.bio, s.bio, {ImVec2{x, y}, w, r.max.y - s.pad - y}) + t.gapL();
    if (!h.talks.empty())
        talkLines({view, c}, view.p().talks[h.talks.front()], {ImVec2{x, y}, w}, {s.titlePx, s.metaPx, 2});
}

// The height of a speaker's talks (at most two) under the bio.
float talkBlockHeight(const Theme& t, std::size_t talks) {
    if (talks == 0) return 0;
    return static_cast<float>(std::min<std::size_t>(talks, 2)) * (t.subtitle * 1.3f + t.small * 1.6f) + t.gap;
}

// One speaker, a screen of their own.
void drawOne(const KioskView& view, const SpeakerHighlight& highlight, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    const Person& person = p.people[highlight.person];
    Rect area = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    area.min.y += text(c, tr("SPEAKERS"), heading, {area.min, area.w()}) + t.gapL();
    fillRect(c, area.min, area.max, t.surface, t.radius);
    if (auto entry = directoryEntry(view, person.name)) touchTarget(c, area, {browse::Action::Kind::person, *entry});
    float pad = t.gap * 1.6f;
    Rect in{ImVec2{area.min.x + pad, area.min.y + pad}, ImVec2{area.max.x - pad, area.max.y - pad}};

    // Talks at the bottom, reserved first so the bio takes what is left.
    const auto& talks = highlight.talks;
    float talkBlock = talkBlockHeight(t, talks.size());
    float radius;
    Rect textArea;
    float y;
    TextStyle name{Face::display, t.display, Weight::bold, t.text, 2, t.title};
    TextStyle aff{Face::text, t.subtitle, Weight::regular, t.accent, 2, t.body};
    if (t.portrait) {
        // Photo with name and affiliation beside it; the bio runs the full width below.
        radius = std::min(in.w() * 0.16f, in.h() * 0.1f);
        avatar(c, ImVec2{in.min.x + radius, in.min.y + radius}, radius, person.photo, person.name);
        float x = in.min.x + radius * 2 + pad;
        TextBlock n = layout(c, person.name, name, in.max.x - x);
        float h = n.height;
        TextBlock a;
        if (!person.affiliation.empty()) a = layout(c, person.affiliation, aff, in.max.x - x);
        float block = h + (a.lines.empty() ? 0 : a.height + t.gapXxs());
        float top = in.min.y + std::max(0.0f, radius - block * 0.5f);
        drawBlock(c, n, name, {ImVec2{x, top}});
        if (!a.lines.empty()) drawBlock(c, a, aff, {ImVec2{x, top + h + t.gapXxs()}});
        textArea = Rect{ImVec2{in.min.x, in.min.y + std::max(radius * 2, block) + t.gap * 1.2f}, in.max};
        y = textArea.min.y;
    } else {
        radius = std::min(in.h() * 0.3f, in.w() * 0.14f);
        avatar(c, ImVec2{in.min.x + radius, in.min.y + radius}, radius, person.photo, person.name);
        textArea = Rect{ImVec2{in.min.x + radius * 2 + pad, in.min.y}, in.max};
        y = textArea.min.y;
        y += text(c, person.name, name, {ImVec2{textArea.min.x, y}, textArea.w()}) + t.gapXxs();
        if (!person.affiliation.empty())
            y += text(c, person.affiliation, aff, {ImVec2{textArea.min.x, y}, textArea.w()}) + t.gapM();
    }
    float bioBottom = textArea.max.y - talkBlock;
    if (!person.bio.empty() && bioBottom - y > t.small * 1.5f) {
        // The bio's opening sentences, larger when there is room: read in passing, not a
        // page of small print; the whole bio is a touch away.
        float h = passage(c, person.bio, t.text, {ImVec2{textArea.min.x, y}, textArea.w(), bioBottom - y},
                          t.portrait ? 12 : 7);
        if (t.portrait) bioBottom = y + h + t.gap;  // the talks follow the bio
    }
    float ty =
        t.portrait ? std::min(bioBottom, textArea.max.y - talkBlock) + t.gap : textArea.max.y - talkBlock + t.gap;
    for (std::size_t i = 0; i < talks.size() && i < 2; ++i)
        ty +=
            talkLines({view, c}, p.talks[talks[i]], {ImVec2{textArea.min.x, ty}, textArea.w()}, {t.subtitle, t.small}) +
            t.gapS();
}

// The speakers page's screens: which of `list` each shows (one whose bio fills a screen
// alone; the others two to four a screen, as cards), in the list's order.
std::vector<std::vector<std::size_t>> speakerScreens(const KioskView& view, const std::vector<SpeakerHighlight>& list,
                                                     Canvas& c) {
    // Whether a speaker fits a card is judged in the smallest cell a shared screen has.
    // A bio too long for a quarter of the screen may fit half of it: two such speakers
    // share a screen side by side (one above the other in portrait).
    Rect smallest = cell(c, gridFor(c.t(), kCardsPerScreen), 0);
    Rect half = cell(c, gridFor(c.t(), 2), 0);
    std::vector<std::vector<std::size_t>> out;
    std::vector<std::size_t> cards;
    std::optional<std::size_t> halfWaiting;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (cardHeight(view, list[i], c, smallest) <= smallest.h()) {
            cards.push_back(i);
        } else if (cardHeight(view, list[i], c, half) <= half.h()) {
            if (halfWaiting) {
                out.push_back({*halfWaiting, i});
                halfWaiting.reset();
            } else {
                halfWaiting = i;
            }
        } else {
            out.push_back({i});
        }
    }
    if (halfWaiting) out.push_back({*halfWaiting});  // alone: a screen of its own
    // The cards in screens of two to four, as even as they go (five are three and two,
    // not four and one alone), each screen where its first speaker stands in the order.
    auto groups = static_cast<std::size_t>(Paging{cards.size(), kCardsPerScreen}.screens());
    std::size_t k = 0;
    for (std::size_t g = 0; g < groups; ++g) {
        std::size_t n = (cards.size() - k) / (groups - g) + ((cards.size() - k) % (groups - g) != 0 ? 1 : 0);
        out.emplace_back(cards.begin() + static_cast<std::ptrdiff_t>(k),
                         cards.begin() + static_cast<std::ptrdiff_t>(k + n));
        k += n;
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
    return out;
}

int speakersScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    return static_cast<int>(speakerScreens(view, speakerSelection(view, page), c).size());
}

void drawSpeakers(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto list = speakerSelection(view, page);
    auto screens = speakerScreens(view, list, c);
    if (screen < 0 || static_cast<std::size_t>(screen) >= screens.size()) return;
    const auto& on = screens[static_cast<std::size_t>(screen)];
    if (on.size() == 1) return drawOne(view, list[on.front()], c);
    const Theme& t = c.t();
    Rect content = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    text(c, tr("SPEAKERS"), heading, {content.min, content.w()});
    Grid g = gridFor(t, on.size());
    for (std::size_t i = 0; i < on.size(); ++i) drawCard(view, list[on[i]], c, cell(c, g, static_cast<int>(i)));
}

// "William Dally: on now, until 09:30" or "Ada Lovelace: 11:10, in 25 min".
std::string describeSpeaker(const KioskView& view, const SpeakerHighlight& h) {
    const Program& p = view.p();
    std::string out = p.people[h.person].name;
    if (h.talks.empty()) return out;
    const Talk& talk = p.talks[h.talks.front()];
    if (h.live) return out + ": on now, until " + shortTime(view, talk.slot.end);
    return out + ": " + dayAndTime(view, talk.slot.start) + ", " + untilText(talk.slot.start - view.now);
}

std::string describeSpeakers(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto list = speakerSelection(view, page);
    auto screens = speakerScreens(view, list, c);
    if (screen < 0 || static_cast<std::size_t>(screen) >= screens.size()) return "nothing";
    std::string out;
    for (std::size_t i : screens[static_cast<std::size_t>(screen)])
        out += (out.empty() ? "" : "; ") + describeSpeaker(view, list[i]);
    return out;
}

}  // namespace

const PageType speakersPage{speakersScreens, drawSpeakers, describeSpeakers};

}  // namespace hallboard::ui
