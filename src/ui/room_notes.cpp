// A room's state (full, filling up) and where else to go, the talks' recording and
// interpretation in words, and the room's stream as a QR code (#31.2, #31.5). See pages.hpp.
#include <cmath>

#include "model/wording.hpp"
#include "base/text.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

std::string occupancyLabel(const Program& program, Index room) {
    if (room >= program.rooms.size()) return {};
    switch (program.rooms[room].state.occupancy) {
    // TRANSLATORS: a room with no seats left, on its door sign and the boards; capitals where the script has them.
    case Occupancy::full: return tr("FULL");
    // TRANSLATORS: a room with few seats left.
    case Occupancy::filling: return tr("FILLING UP");
    case Occupancy::open: break;
    }
    return {};
}

std::vector<std::string> accessNotes(const Talk& talk) {
    std::vector<std::string> notes;
    if (talk.doNotRecord) notes.push_back(tr("Not recorded"));
    if (talk.doNotStream) notes.push_back(tr("Not streamed"));
    if (!talk.interpretation.empty()) {
        std::string languages;
        for (const std::string& tag : talk.interpretation)
            languages += (languages.empty() ? "" : ", ") + languageText(tag);
        notes.push_back(trf(tr("Interpreted into %s"), languages.c_str()));
    }
    if (talk.captions) notes.push_back(tr("Live captions"));
    return notes;
}

const browse::QrCode* streamCode(const Program& program, Index room) {
    if (room >= program.rooms.size() || program.rooms[room].streamUrl.empty()) return nullptr;
    // Encoding takes about a millisecond: the last few addresses keep their codes.
    static std::vector<std::pair<std::string, std::optional<browse::QrCode>>> made;
    const std::string& url = program.rooms[room].streamUrl;
    for (const auto& [address, code] : made)
        if (address == url) return code ? &*code : nullptr;
    if (made.size() >= 8) made.erase(made.begin());
    std::optional<browse::QrCode> code;
    if (auto link = browse::qrLink(url)) code = browse::makeQrCode(*link);
    made.emplace_back(url, std::move(code));
    return made.back().second ? &*made.back().second : nullptr;
}

void drawQrCode(Canvas& c, const browse::QrCode& qr, ImVec2 min, float side) {
    int quiet = 4;
    float module = std::floor(side / static_cast<float>(qr.size + 2 * quiet));
    if (module < 1) return;
    float total = module * static_cast<float>(qr.size + 2 * quiet);
    ImVec2 at{std::round(min.x + (side - total) * 0.5f), std::round(min.y + (side - total) * 0.5f)};
    c.list->AddRectFilled(at, ImVec2{at.x + total, at.y + total}, c.col(IM_COL32_WHITE), module);
    ImU32 dark = c.col(IM_COL32(0, 0, 0, 255));
    for (int y = 0; y < qr.size; ++y) {
        int x = 0;
        while (x < qr.size) {
            if (!qr.at(x, y)) {
                ++x;
                continue;
            }
            int run = x;
            while (run < qr.size && qr.at(run, y)) ++run;
            ImVec2 a{at.x + module * static_cast<float>(x + quiet), at.y + module * static_cast<float>(y + quiet)};
            c.list->AddRectFilled(a, ImVec2{a.x + module * static_cast<float>(run - x), a.y + module}, dark);
            x = run;
        }
    }
}

bool qrScans(const Theme& t, const browse::QrCode& qr, float side) {
    float module = std::floor(side / static_cast<float>(qr.size + 8));
    double perMm = t.reading.pixelsPerMm;
    return module >= 1 && (perMm <= 0 || module / perMm >= 0.5);
}

std::string alternativeLine(const KioskView& view, const Alternative& a) {
    const Program& p = view.p();
    std::string line = isolate(p.rooms[a.room].name);
    if (a.minutes) line += "  ·  " + trf(tr("%d min"), *a.minutes);
    const Session& s = p.sessions[a.session];
    line +=
        "  ·  " + isolate(a.talk && p.talks[*a.talk].title != s.title ? headline(p.talks[*a.talk]) : sessionTitle(s));
    if (s.time.start > view.now) line += "  ·  " + trf(tr("from %s"), shortTime(view, s.time.start).c_str());
    if (a.filling) line += "  ·  " + occupancyLabel(p, a.room);
    return line;
}

std::string fullSeeInstead(const KioskView& view, Index room, bool minutes) {
    const Program& p = view.p();
    if (room >= p.rooms.size() || p.rooms[room].state.occupancy != Occupancy::full) return {};
    std::string line = occupancyLabel(p, room);
    auto others = alternativesTo(view.s(), room, view.now, view.wayfinding, 1);
    if (others.empty()) return line;
    const Alternative& a = others.front();
    std::string name = isolate(roomShortName(p, a.room));
    // TRANSLATORS: after FULL on a board: the nearest room with something on instead, and the walk there.
    if (a.minutes && minutes) return line + "  ·  " + trf(tr("see %s (%d min)"), name.c_str(), *a.minutes);
    // TRANSLATORS: after FULL on a board: the room with something on instead.
    return line + "  ·  " + trf(tr("see %s"), name.c_str());
}

namespace {

// The stream's code at the right of `box` (its heading over it), when one that scans
// fits; returns the width it took (0: none).
float streamBeside(const KioskView& view, Canvas& c, Index room, Rect box, float px) {
    const Theme& t = c.t();
    const browse::QrCode* qr = streamCode(view.p(), room);
    if (!qr) return 0;
    TextStyle head{Face::text, px, Weight::bold, t.text, 2};
    std::string heading = tr("Watch the stream");
    float side = std::min(box.w() * 0.4f, box.h() - std::round(px * kLeading) * 2 - t.gapM());
    if (side <= 80 || !qrScans(t, *qr, side)) return 0;
    float x = box.max.x - side;
    float h = text(c, heading, head, {ImVec2{x, box.min.y}, side});
    drawQrCode(c, *qr, ImVec2{x, box.min.y + h + t.gapXs()}, side);
    return side + t.gap;
}

}  // namespace

float whereElse(const KioskView& view, Canvas& c, Index room, Rect box, float px) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    std::string state = occupancyLabel(p, room);
    if (!state.empty()) {
        chip(c, ImVec2{box.min.x, y}, state, {t.alert, t.onAlert}, px);
        y += t.chipHeight(px) + t.gapM();
    }
    float qrW = streamBeside(view, c, room, Rect{ImVec2{box.min.x, y}, box.max}, px);
    float w = box.w() - qrW;
    auto others = alternativesTo(view.s(), room, view.now, view.wayfinding, 4);
    TextStyle head{Face::text, px, Weight::bold, t.accent, 1};
    TextStyle line{Face::text, px, Weight::regular, t.text, 2};
    if (others.empty()) {
        TextStyle quiet{Face::text, px, Weight::regular, t.muted, 3};
        return y + text(c, tr("Nothing else is on right now."), quiet, {ImVec2{box.min.x, y}, w, box.max.y - y}) -
               box.min.y;
    }
    y += text(c, tr("ALSO ON NOW"), head, {ImVec2{box.min.x, y}, w}) + t.gapXs();
    for (const Alternative& a : others) {
        if (y + std::round(px * kLeading) > box.max.y) break;
        float h = text(c, alternativeLine(view, a), line, {ImVec2{box.min.x, y}, w, box.max.y - y});
        touchTarget(c, Rect{ImVec2{box.min.x, y}, ImVec2{box.min.x + w, y + h}},
                    {browse::Action::Kind::session, a.session});
        y += h + t.gapXs();
    }
    return y - box.min.y;
}

}  // namespace hallboard::ui
