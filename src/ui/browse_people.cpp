// The speaker directory (everyone, by family name) and one person: photo or initials,
// affiliation, bio, their talks.
#include <algorithm>
#include <cmath>

#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui::browse_ui {

namespace {

using K = Action::Kind;

const Person* personOf(const Program& p, const browse::DirectoryEntry& e) {
    return e.person ? &p.people[*e.person] : nullptr;
}

// As the program names it: the platform resolves it against the program's directory
// (joining it here too made "data/data/x.png" of a program loaded from "data").
std::string photoPath(const Program&, const Person* person) {
    if (!person || person->photo.empty()) return {};
    return person->photo;
}

}  // namespace

void drawPeople(Ctx& x, Rect area) {
    const Theme& t = x.t();
    const Program& p = x.p();
    const auto* dir = x.view.browse.directory;
    List list = beginList(x, area);
    float rowH = std::max(thumb(t) * 1.15f, std::round(t.body * 1.3f + t.small * 1.35f + t.gap * 1.1f));
    float cy = 0;
    if (!dir || dir->empty()) {
        TextStyle quiet{Face::text, t.body, Weight::regular, t.muted, 2};
        cy += text(x.c, tr("The program names no speakers or authors."), quiet,
                   {ImVec2{list.area.min.x, list.top()}, list.area.w()});
        endList(x, list, cy);
        return;
    }
    // Two columns where rows would be very wide.
    int columns = list.area.w() > thumb(t) * 18 ? 2 : 1;
    float colW = (list.area.w() - t.gap * static_cast<float>(columns - 1)) / static_cast<float>(columns);
    std::size_t rows = (dir->size() + static_cast<std::size_t>(columns) - 1) / static_cast<std::size_t>(columns);
    for (std::size_t i = 0; i < dir->size(); ++i) {
        // Across, then down: what is on screen is one stretch of the alphabet however far
        // the list has scrolled.
        std::size_t col = i % static_cast<std::size_t>(columns), row = i / static_cast<std::size_t>(columns);
        float rowY = static_cast<float>(row) * rowH;
        float x0 = list.area.min.x + static_cast<float>(col) * (colW + t.gap);
        const browse::DirectoryEntry& e = (*dir)[i];
        Rect r{ImVec2{x0, list.top() + rowY}, ImVec2{x0 + colW, list.top() + rowY + rowH - t.gapXs()}};
        Action open{K::person, i};
        x.target(r, open, true, true);
        if (!list.visible(rowY, rowH)) continue;
        fillRect(x.c, r.min, r.max, x.pressed(open) ? t.surfaceRaised : t.surface, t.radius * 0.6f);
        const Person* person = personOf(p, e);
        float radius = (r.h() - t.gapL()) * 0.5f;
        avatar(x.c, ImVec2{r.min.x + t.gapS() + radius, r.min.y + r.h() * 0.5f}, radius, photoPath(p, person), e.name);
        float tx = r.min.x + t.gap * 0.9f + radius * 2, tw = r.max.x - t.gapM() - tx;
        float y = r.min.y + (r.h() - t.body * 1.3f - t.small * 1.35f) * 0.5f;
        TextStyle name{Face::text, t.body, Weight::bold, t.text, 1, t.small};
        y += text(x.c, e.name, name, {ImVec2{tx, y}, tw});
        // Each part isolated: after a right-to-left affiliation, "3 talks" read "talks 3"
        // (the number and the word each took the line's direction, the space between them
        // the paragraph's).
        std::string about = person && !person->affiliation.empty() ? isolate(person->affiliation) + "  ·  " : "";
        // One talk: its title says more than "1 talk".
        about += e.talks.size() == 1 ? isolate(titleOrOpening(p.talks[e.talks[0]]))
                                     : isolated(trf(trn("%zu talk", "%zu talks", e.talks.size()), e.talks.size()));
        TextStyle small{Face::text, t.small, Weight::regular, t.muted, 1};
        text(x.c, about, small, {ImVec2{tx, y}, tw});
    }
    endList(x, list, static_cast<float>(rows) * rowH);
}

void drawPerson(Ctx& x, Rect area, std::size_t entry) {
    const Theme& t = x.t();
    const Program& p = x.p();
    const auto* dir = x.view.browse.directory;
    if (!dir || entry >= dir->size()) return;
    const browse::DirectoryEntry& e = (*dir)[entry];
    const Person* person = personOf(p, e);
    List list = beginList(x, area);
    float w = list.area.w();
    float radius = std::round(std::min(w * 0.12f, t.display * 1.2f));
    float cy = 0;
    if (list.visible(0, radius * 2))
        avatar(x.c, ImVec2{list.area.min.x + radius, list.top() + radius}, radius, photoPath(p, person), e.name);
    float tx = list.area.min.x + radius * 2 + t.gap * 1.2f, tw = list.area.max.x - tx;
    // Name and affiliation centred beside the photo.
    TextStyle name{Face::display, t.title, Weight::bold, t.text, 2, t.subtitle};
    TextStyle aff{Face::text, t.body, Weight::regular, t.muted, 2};
    TextBlock nameBlock = layout(x.c, e.name, name, tw);
    bool hasAffiliation = person && !person->affiliation.empty();
    TextBlock affBlock = hasAffiliation ? layout(x.c, person->affiliation, aff, tw) : TextBlock{};
    float h = nameBlock.height + (hasAffiliation ? t.gapXs() + affBlock.height : 0.0f);
    float y = std::max(0.0f, (radius * 2 - h) * 0.5f);
    drawBlock(x.c, nameBlock, name, {ImVec2{tx, list.top() + y}});
    y += nameBlock.height + t.gapXs();
    if (hasAffiliation) {
        drawBlock(x.c, affBlock, aff, {ImVec2{tx, list.top() + y}});
        y += affBlock.height;
    }
    cy = std::max(radius * 2, y) + t.gap;
    if (person)
        cy = paragraph(x, {list, cy}, person->bio, TextStyle{Face::text, t.body, Weight::regular, t.text, 0, 0, 1.4f},
                       t.gap);
    TextStyle head{Face::text, t.small, Weight::regular, t.accent, 1};
    if (list.visible(cy, t.small * 1.5f))
        text(x.c, trn("TALK", "TALKS", e.talks.size()), head, {ImVec2{list.area.min.x, list.top() + cy}, w});
    cy += t.small * 1.5f + t.gapXs();
    for (Index ti : e.talks) {
        talkRow(x, {list, cy}, ti);
        cy += talkRowHeight(t);
    }
    endList(x, list, cy);
}

}  // namespace hallboard::ui::browse_ui
