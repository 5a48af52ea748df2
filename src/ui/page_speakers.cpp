// Speakers: one card per speaker with a photo (or initials), name, affiliation, the bio
// fitted to the space, and their talks with time and room. Only the speakers of talks on
// now or in the next hours, keynotes first (speakerSelection), never a talk that is over.
#include <algorithm>
#include <cmath>

#include "base/text.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

int speakersScreens(const KioskView& view, const PageConfig& page, Canvas&) {
    return static_cast<int>(speakerSelection(view, page).size());
}

void drawSpeakers(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    auto list = speakerSelection(view, page);
    if (screen < 0 || static_cast<std::size_t>(screen) >= list.size()) return;
    const Person& person = p.people[list[static_cast<std::size_t>(screen)].person];
    Rect area = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    area.min.y += text(c, tr("SPEAKERS"), heading, area.min, area.w()) + t.gap * 0.6f;
    fillRect(c, area.min, area.max, t.surface, t.radius);
    if (auto entry = directoryEntry(view, person.name)) touchTarget(c, area, {browse::Action::Kind::person, *entry});
    float pad = t.gap * 1.6f;
    Rect in{ImVec2{area.min.x + pad, area.min.y + pad}, ImVec2{area.max.x - pad, area.max.y - pad}};

    // Talks at the bottom, reserved first so the bio takes what is left.
    const auto& talks = list[static_cast<std::size_t>(screen)].talks;
    float talkBlock = talks.empty() ? 0 : std::min<float>(static_cast<float>(talks.size()), 2) * (t.subtitle * 1.3f + t.small * 1.6f) + t.gap;

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
        float block = h + (a.lines.empty() ? 0 : a.height + t.gap * 0.2f);
        float top = in.min.y + std::max(0.0f, radius - block * 0.5f);
        draw(c, n, ImVec2{x, top}, name);
        if (!a.lines.empty()) draw(c, a, ImVec2{x, top + h + t.gap * 0.2f}, aff);
        textArea = Rect{ImVec2{in.min.x, in.min.y + std::max(radius * 2, block) + t.gap * 1.2f}, in.max};
        y = textArea.min.y;
    } else {
        radius = std::min(in.h() * 0.3f, in.w() * 0.14f);
        avatar(c, ImVec2{in.min.x + radius, in.min.y + radius}, radius, person.photo, person.name);
        textArea = Rect{ImVec2{in.min.x + radius * 2 + pad, in.min.y}, in.max};
        y = textArea.min.y;
        y += text(c, person.name, name, ImVec2{textArea.min.x, y}, textArea.w()) + t.gap * 0.2f;
        if (!person.affiliation.empty()) y += text(c, person.affiliation, aff, ImVec2{textArea.min.x, y}, textArea.w()) + t.gap * 0.5f;
    }
    float bioBottom = textArea.max.y - talkBlock;
    if (!person.bio.empty() && bioBottom - y > t.small * 1.5f) {
        // The bio's opening sentences, larger when there is room: read in passing, not a
        // page of small print; the whole bio is a touch away.
        float h = passage(c, person.bio, t.text, ImVec2{textArea.min.x, y}, textArea.w(), bioBottom - y, t.portrait ? 12 : 7);
        if (t.portrait) bioBottom = y + h + t.gap;  // the talks follow the bio
    }
    float ty = t.portrait ? std::min(bioBottom, textArea.max.y - talkBlock) + t.gap : textArea.max.y - talkBlock + t.gap;
    for (std::size_t i = 0; i < talks.size() && i < 2; ++i) {
        const Talk& talk = p.talks[talks[i]];
        TextStyle title{Face::display, t.subtitle, Weight::bold, t.text, 1, t.body};
        ty += text(c, headline(talk), title, ImVec2{textArea.min.x, ty}, textArea.w());
        std::string meta;
        if (talk.session) {
            const Session& s = p.sessions[*talk.session];
            bool live = talk.slot.contains(view.now);
            meta = live ? trf(tr("On now  ·  until %s"), shortTime(view, talk.slot.end).c_str()) : dayAndTime(view, talk.slot.start);
            if (s.room) meta += "  ·  " + isolate(p.rooms[*s.room].name);
            if (!live) meta += "  ·  " + untilText(talk.slot.start - view.now);
        }
        TextStyle metaStyle{Face::text, t.small, Weight::regular, t.accent, 1};
        // Under a right-to-left title, at the right as the title is (it had sat at the
        // left under an Arabic title at the right).
        Align metaAlign = paragraphDirection(headline(talk)) == Direction::rtl ? Align::right : Align::left;
        ty += text(c, meta, metaStyle, ImVec2{textArea.min.x, ty}, textArea.w(), FLT_MAX, metaAlign) + t.gap * 0.4f;
    }
}

}  // namespace hallboard::ui
