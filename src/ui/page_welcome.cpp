// The pages outside the conference's hours: the countdown before it, the closing page
// after it (with the award highlights), and the welcome screen when nothing else has
// anything to show. The kiosk is never blank.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/text.hpp"
#include "ui/pages.hpp"
#include "model/wording.hpp"

namespace hallboard::ui {

namespace {

std::string countdownText(Duration d) {
    long long minutes = std::max<long long>(0, d.count() / 60);
    long long days = minutes / (24 * 60);
    long long hours = (minutes / 60) % 24;
    long long mins = minutes % 60;
    // Whole days to the nearest: 10 d 23 h is "11 days" (a visitor reads the number, and
    // the date below says exactly when).
    if (days >= 2) days = (minutes + 12 * 60) / (24 * 60);
    if (days >= 2)
        return trf(trnc("after in", "%lld day", "%lld days", static_cast<unsigned long>(days)), days);  // STARTS IN
    if (days == 1) return trf(tr("1 day %lld h"), hours);
    if (hours > 0) return trf(tr("%lld h %lld min"), hours, mins);
    return trf(tr("%lld min"), mins);
}

// Centred lines from `y` down; returns the new y.
float centred(Canvas& c, std::string_view s, TextStyle style, float y, Rect area) {
    return y + text(c, s, style, {ImVec2{area.min.x, y}, area.w(), FLT_MAX, Align::center});
}

void drawCountdown(const KioskView& view, const PageConfig&, int, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    auto first = view.s().firstStart();
    if (!first) return;
    Rect area = contentRect(c);
    float y = area.min.y + area.h() * 0.14f;
    const Conference& conf = p.conference;
    TextStyle big{Face::display, t.display * 2.0f, Weight::bold, t.accent, 1, t.display};
    if (*first - view.now > std::chrono::hours{24 * 7}) {
        // Past a week a count of days helps no visitor, and a Pi whose clock was never set
        // would say "18723 days": the date and the time instead.
        TextStyle date{Face::display, t.display * 1.2f, Weight::bold, t.accent, 2, t.title};
        y = centred(c, localLongDate(localDay(conf.zone, *first)), date, y + area.h() * 0.06f, area) + t.gapM();
        y = centred(c, localClock(conf.zone, *first),
                    TextStyle{Face::display, t.title, Weight::regular, t.text, 1, t.subtitle}, y, area);
    } else {
        y = centred(c, tr("STARTS IN"), TextStyle{Face::text, t.subtitle, Weight::regular, t.muted, 1}, y, area) +
            t.gapM();
        y = centred(c, countdownText(*first - view.now), big, y, area) + t.gap * 1.2f;
        std::string when = localLongDate(localDay(conf.zone, *first)) + ", " + localClock(conf.zone, *first);
        y = centred(c, when, TextStyle{Face::display, t.title, Weight::regular, t.text, 2, t.subtitle}, y, area);
    }
    if (!conf.venue.empty())
        y = centred(c, conf.venue, TextStyle{Face::text, t.subtitle, Weight::regular, t.muted, 2, t.body}, y, area);
    auto opening = view.s().startingBetween(*first, *first + std::chrono::hours{4});
    if (!opening.empty()) {
        y += t.gap * 1.5f;
        y = centred(c, tr("FIRST UP"), TextStyle{Face::text, t.small, Weight::regular, t.muted, 1}, y, area) +
            t.gapXs();
        for (std::size_t i = 0; i < opening.size() && i < 3 && y < area.max.y - t.subtitle * 1.4f; ++i) {
            const Session& s = p.sessions[opening[i]];
            std::string line = localClock(conf.zone, s.time.start) + "   " + isolate(sessionTitle(s));
            if (s.room) line += "  ·  " + isolate(p.rooms[*s.room].name);
            y = centred(c, line, TextStyle{Face::display, t.subtitle, Weight::regular, t.text, 1, t.body}, y, area);
        }
    }
}

void drawClosing(const KioskView& view, const PageConfig&, int, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    Rect area = contentRect(c);
    float y = area.min.y + area.h() * (p.awards.empty() ? 0.28f : 0.06f);
    TextStyle big{Face::display, t.display * 1.6f, Weight::bold, t.text, 2, t.display};
    y = centred(c, tr("Thank you"), big, y, area) + t.gapXs();
    std::string line = trf(tr("for coming to %s. See you next year!"), p.displayName().c_str());
    y = centred(c, line, TextStyle{Face::display, t.title, Weight::regular, t.muted, 2, t.subtitle}, y, area) +
        t.gap * 1.5f;
    if (p.awards.empty()) return;
    y = centred(c, tr("AWARDS"), TextStyle{Face::text, t.small, Weight::regular, t.accent, 1}, y, area) + t.gapS();
    float rowH = t.subtitle * 1.3f + t.small * 1.5f + t.gapL();
    for (const Award& a : p.awards) {
        if (y + rowH > area.max.y) break;
        const Talk& talk = p.talks[a.talk];
        TextStyle titleStyle{Face::display, t.subtitle, talk.title.empty() ? Weight::regular : Weight::bold,
                             t.text,        1,          t.body};
        y = centred(c, titleOrOpening(talk), titleStyle, y, area);
        std::string meta = a.name;
        if (std::string who = authorLine(p, talk, 3); !who.empty()) meta += "  ·  " + who;
        y = centred(c, meta, TextStyle{Face::text, t.small, Weight::regular, t.muted, 1}, y, area) + t.gapL();
    }
}

int countdownScreens(const KioskView& view, const PageConfig&, Canvas&) {
    return view.s().firstStart() ? 1 : 0;
}
int closingScreens(const KioskView&, const PageConfig&, Canvas&) {
    return 1;
}

std::string describeCountdown(const KioskView& view, const PageConfig&, int, Canvas&) {
    auto first = view.s().firstStart();
    return first ? "the countdown to " + dayAndTime(view, *first) : "the countdown";
}
std::string describeClosing(const KioskView&, const PageConfig&, int, Canvas&) {
    return "the closing page";
}

}  // namespace

const PageType countdownPage{countdownScreens, drawCountdown, describeCountdown};
const PageType closingPage{closingScreens, drawClosing, describeClosing};

void drawWelcome(const KioskView& view, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    Rect area{ImVec2{c.origin.x + t.margin, c.origin.y + t.margin},
              ImVec2{c.origin.x + c.size.x - t.margin, c.origin.y + c.size.y - t.margin}};
    // The announcements of the moment (an urgent one above all: an evacuation, a room
    // closed) are not lost with the rotation: the banner at the foot, as on every page.
    if (!view.announcements.empty()) {
        c.banner = bannerHeight(view, c);
        drawBanner(view, c);
        area.max.y = contentRect(c).max.y;
    }
    std::string name = p.displayName().empty() ? std::string(tr("Welcome")) : p.displayName();
    struct Line {
        std::string text;
        TextStyle style;
        float after;
    };
    std::vector<Line> lines{
        {localClock(p.conference.zone, view.now), TextStyle{Face::display, t.clock * 1.6f, Weight::bold, t.accent, 1},
         t.gap},
        {name, TextStyle{Face::display, t.display, Weight::bold, t.text, 2, t.title}, t.gapM()},
        {localLongDate(localDay(p.conference.zone, view.now)),
         TextStyle{Face::text, t.subtitle, Weight::regular, t.muted, 1}, t.gap},
    };
    if (!p.conference.venue.empty())
        lines.push_back({p.conference.venue, TextStyle{Face::text, t.body, Weight::regular, t.muted, 2}, 0});
    // The block a little above the middle, whatever the screen's shape: from a quarter of
    // the height it sat in the upper third of a portrait screen, two thirds of it empty.
    float total = 0;
    for (const Line& l : lines) total += layout(c, l.text, l.style, area.w()).height + l.after;
    float y = area.min.y + std::max(0.0f, (area.h() - total) * 0.42f);
    for (const Line& l : lines) y = centred(c, l.text, l.style, y, area) + l.after;

    // At the foot: the clock's zone when no program is shown (the conference's when a
    // file named it, else this machine's, said as such), and for staff why (the footer
    // that carries that line on the other pages is not drawn here).
    float bottom = area.max.y;
    if (!view.problem.empty()) {
        TextStyle small{Face::text, t.small, Weight::regular, t.pause, 2};
        float h = layout(c, view.problem, small, area.w()).height;
        bottom -= h;
        centred(c, view.problem, small, bottom, area);
        bottom -= t.gapM();
    }
    if (!view.fallbackZone.empty()) {
        std::string zone =
            view.fallbackZoneNamed
                ? trf(tr("Time zone: %s"), view.fallbackZone.c_str())
                : trf(tr("Time zone: %s (this machine's; no file names the conference's)"), view.fallbackZone.c_str());
        TextStyle style{Face::text, t.body, Weight::regular, t.muted, 2, t.small};
        bottom -= layout(c, zone, style, area.w()).height;
        centred(c, zone, style, std::max(bottom, y), area);
    }
}

}  // namespace hallboard::ui
