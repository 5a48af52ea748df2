// See rotation_plan.hpp.
#include "kiosk/rotation_plan.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace hallboard {

namespace {

using Ms = std::chrono::milliseconds;

// "20 s", "12.5 s".
std::string secondsText(Ms d) {
    long long tenths = (d.count() + 50) / 100;
    std::string out = std::to_string(tenths / 10);
    if (tenths % 10 != 0) out += "." + std::to_string(tenths % 10);
    return out + " s";
}

// A home screen's time at a visit: the page's own seconds, shortened so that all its
// screens fit in `budget`, never below `minScreen` (nor above the page's own seconds).
Ms pacedScreen(const PlanPage& page, int screens, Ms budget, Ms minScreen) {
    if (screens <= 0) return page.duration;
    return std::min(page.duration, std::max(minScreen, budget / screens));
}

// The home visits: each shows every screen of one home page, in order (every room),
// each for its paced time; several home pages take turns, a visit each.
class HomeWalk {
public:
    HomeWalk(const std::vector<PlanPage>& pages, const std::vector<int>& screens, const CycleLimits& limits,
             Cursors& cursors)
        : pages_(pages), screens_(screens), limits_(limits), cursors_(cursors) {
        for (std::size_t i = 0; i < pages.size(); ++i)
            if (pages[i].home && screens[i] > 0) order_.push_back(i);
        if (!order_.empty()) cursors_.homeTurn %= order_.size();
    }
    bool empty() const { return order_.empty(); }
    // Appends one visit's screens; returns its length.
    Ms visit(std::vector<CycleStep>& steps) {
        std::size_t page = order_[cursors_.homeTurn];
        Ms each = pacedScreen(pages_[page], screens_[page], limits_.homeEvery / 2, limits_.minScreen);
        for (int s = 0; s < screens_[page]; ++s) steps.push_back(CycleStep{page, s, each, true});
        cursors_.homeTurn = (cursors_.homeTurn + 1) % order_.size();
        return each * screens_[page];
    }

private:
    const std::vector<PlanPage>& pages_;
    const std::vector<int>& screens_;
    const CycleLimits& limits_;
    Cursors& cursors_;
    std::vector<std::size_t> order_;
};

// Cursors that fit the pages: one a page, each within its page's screens.
Cursors normalised(const Cursors& from, const std::vector<int>& screens) {
    Cursors c = from;
    c.screen.resize(screens.size(), 0);
    for (std::size_t i = 0; i < screens.size(); ++i)
        if (c.screen[i] < 0 || c.screen[i] >= screens[i]) c.screen[i] = 0;
    return c;
}

// A home page's whole visit at its paced screen time.
Ms passOf(const PlanPage& page, int screens, const CycleLimits& limits) {
    return pacedScreen(page, screens, limits.homeEvery / 2, limits.minScreen) * screens;
}

// One home page comes back at every visit, showing all its screens: the one that fits
// them in half of homeEvery in the fewest screens (the rooms board for many rooms; the
// first configured on a tie). The other home pages give way: they become pages like the
// others that go on from cycle to cycle (2 screens a cycle unless max_screens says
// otherwise). Two home pages taking turns would show a room at the end of one visit and
// at the start of the next but one. Only pages of one screen each take turns (now & next
// and the board of a few rooms), where every visit shows every room whichever it is.
// With none that fits, the one with the shortest visit stays. Returns which gave way.
std::vector<bool> giveWay(std::vector<PlanPage>& plan, const std::vector<int>& counts, const CycleLimits& limits) {
    std::vector<bool> gave(plan.size(), false);
    std::vector<std::size_t> homes, fitting;
    for (std::size_t i = 0; i < plan.size(); ++i)
        if (plan[i].home && counts[i] > 0) homes.push_back(i);
    if (homes.size() < 2) return gave;
    for (std::size_t i : homes)
        if (passOf(plan[i], counts[i], limits) <= limits.homeEvery / 2) fitting.push_back(i);
    std::vector<std::size_t> keep;
    if (!fitting.empty() && std::all_of(fitting.begin(), fitting.end(), [&](std::size_t i) { return counts[i] == 1; }))
        keep = fitting;
    else if (!fitting.empty())
        keep = {*std::min_element(fitting.begin(), fitting.end(),
                                  [&](std::size_t a, std::size_t b) { return counts[a] < counts[b]; })};
    else
        keep = {*std::min_element(homes.begin(), homes.end(), [&](std::size_t a, std::size_t b) {
            return passOf(plan[a], counts[a], limits) < passOf(plan[b], counts[b], limits);
        })};
    for (std::size_t i : homes) {
        if (std::find(keep.begin(), keep.end(), i) != keep.end()) continue;
        plan[i].home = false;
        plan[i].continues = true;
        if (plan[i].maxScreens <= 0) plan[i].maxScreens = 2;
        gave[i] = true;
    }
    return gave;
}

// The other pages' screens in configured order, `shown[i]` of page i: from its first
// screen, or from its cursor for a page that goes on (whose cursor then moves on).
std::vector<CycleStep> othersInOrder(const std::vector<PlanPage>& pages, const std::vector<int>& screens,
                                     const std::vector<int>& shown, Cursors& cursors) {
    std::vector<CycleStep> out;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (pages[i].home || shown[i] == 0) continue;
        int from = pages[i].continues ? cursors.screen[i] : 0;
        for (int s = 0; s < shown[i]; ++s)
            out.push_back(CycleStep{i, (from + s) % screens[i], pages[i].duration, false});
        if (pages[i].continues) cursors.screen[i] = (from + shown[i]) % screens[i];
    }
    return out;
}

// Home visits with the other screens between them: a visit, then the next other screen
// and as many of the later ones, in order, as keep the next visit within `homeEvery` of
// this one (a short screen later in the order fills a gap a long one leaves), and so on
// until every other screen has had its turn.
std::vector<CycleStep> interleave(const std::vector<PlanPage>& pages, const std::vector<int>& screens,
                                  const std::vector<int>& shown, Cursors& cursors, const CycleLimits& limits) {
    std::vector<CycleStep> others = othersInOrder(pages, screens, shown, cursors);
    HomeWalk home(pages, screens, limits, cursors);
    if (home.empty()) return others;
    std::vector<CycleStep> steps;
    std::vector<bool> taken(others.size(), false);
    std::size_t next = 0;  // the first other screen not yet shown
    do {
        Ms visit = home.visit(steps);
        Ms room = limits.homeEvery - visit;
        Ms used{0};
        for (std::size_t k = next; k < others.size(); ++k) {
            if (taken[k] || (k != next && used + others[k].duration > room)) continue;
            used += others[k].duration;
            steps.push_back(others[k]);
            taken[k] = true;
        }
        while (next < others.size() && taken[next]) ++next;
    } while (next < others.size());
    return steps;
}

Ms totalOf(const std::vector<CycleStep>& steps) {
    Ms total{0};
    for (const auto& s : steps) total += s.duration;
    return total;
}

// The longest time between the starts of two home visits, the wrap to the next cycle
// (which starts with one) included.
Ms longestHomeGap(const std::vector<CycleStep>& steps) {
    std::vector<Ms> starts;
    Ms at{0};
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].home && (i == 0 || !steps[i - 1].home)) starts.push_back(at);
        at += steps[i].duration;
    }
    if (starts.empty()) return Ms{0};
    Ms longest = at - starts.back() + starts.front();
    for (std::size_t i = 1; i < starts.size(); ++i) longest = std::max(longest, starts[i] - starts[i - 1]);
    return longest;
}

// The other page to lose a screen when the cycle is too long: the one showing the most
// screens (the most time on a tie, then the later page), never below one.
std::optional<std::size_t> largestOther(const std::vector<PlanPage>& pages, const std::vector<int>& shown) {
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (pages[i].home || shown[i] <= 1) continue;
        auto weight = [&](std::size_t j) { return std::pair(shown[j], shown[j] * pages[j].duration.count()); };
        if (!best || weight(i) >= weight(*best)) best = i;
    }
    return best;
}

std::string homeNames(const std::vector<PlanPage>& pages, const std::vector<int>& screens) {
    std::string out;
    for (std::size_t i = 0; i < pages.size(); ++i)
        if (pages[i].home && screens[i] > 0 && out.find(pages[i].name) == std::string::npos)
            out += (out.empty() ? "" : " and ") + pages[i].name;
    return out;
}

// Each page's screens: all it has, as many as max_screens lets through, as many as the
// cycle shows, and whether it gave way to the home pages.
struct PageScreens {
    const std::vector<int>& all;
    const std::vector<int>& capped;
    const std::vector<int>& shown;
    const std::vector<bool>& gave;
};

void summarise(Cycle& cycle, const std::vector<PlanPage>& pages, const PageScreens& counts, const CycleLimits& limits) {
    const std::vector<int>& screens = counts.all;
    const std::vector<int>& capped = counts.capped;
    const std::vector<int>& shown = counts.shown;
    const std::vector<bool>& gave = counts.gave;
    CycleSummary& s = cycle.summary;
    s.total = totalOf(cycle.steps);
    s.longestHomeGap = longestHomeGap(cycle.steps);
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (pages[i].home || shown[i] >= screens[i]) continue;
        std::string why;
        if (capped[i] < screens[i]) why = "max_screens " + std::to_string(pages[i].maxScreens);
        if (gave[i]) why = homeNames(pages, screens) + " shows every room at each home visit, in fewer screens; " + why;
        if (shown[i] < capped[i])
            why += (why.empty() ? "" : ", then ") + ("max_seconds " + secondsText(limits.maxCycle));
        s.cuts.push_back(pages[i].name + ": " + std::to_string(shown[i]) + " of " + std::to_string(screens[i]) +
                         " screens (" + why + ")" + (pages[i].continues ? ", the next ones in the next cycles" : ""));
    }
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (!pages[i].home || screens[i] == 0) continue;
        Ms each = pacedScreen(pages[i], screens[i], limits.homeEvery / 2, limits.minScreen);
        s.home.push_back(
            pages[i].name + ": " +
            (screens[i] == 1 ? std::string("its screen each visit, ")
                             : "all " + std::to_string(screens[i]) + " screens each visit, ") +
            secondsText(each) + (screens[i] == 1 ? "" : " each") +
            (passOf(pages[i], screens[i], limits) > limits.homeEvery / 2
                 ? " (min_screen_seconds " + secondsText(limits.minScreen) + ": longer than half of home_every_seconds)"
                 : ""));
    }
    if (limits.maxCycle.count() > 0 && s.total > limits.maxCycle)
        s.warnings.push_back("the cycle lasts " + secondsText(s.total) + ", longer than max_seconds " +
                             secondsText(limits.maxCycle) +
                             " even with one screen of each page: fewer pages or fewer seconds a screen would fit");
    if (limits.homeEvery.count() > 0 && s.longestHomeGap > limits.homeEvery)
        s.warnings.push_back(homeNames(pages, screens) + " returns after up to " + secondsText(s.longestHomeGap) +
                             ", longer than home_every_seconds " + secondsText(limits.homeEvery) +
                             ": a home screen and the screen after it take longer; fewer seconds a screen would fit");
}

}  // namespace

Cycle planCycle(const std::vector<PlanPage>& pages, const std::vector<int>& screens, const Cursors& from,
                const CycleLimits& limits) {
    std::vector<int> counts(pages.size(), 0);
    for (std::size_t i = 0; i < pages.size() && i < screens.size(); ++i) counts[i] = std::max(screens[i], 0);
    // Without the home rule, home pages are pages like the others, uncapped.
    std::vector<PlanPage> plan = pages;
    if (limits.homeEvery.count() <= 0)
        for (auto& p : plan) p.home = false;
    std::vector<bool> gave = giveWay(plan, counts, limits);

    std::vector<int> capped(plan.size(), 0);
    for (std::size_t i = 0; i < plan.size(); ++i)
        if (!plan[i].home) capped[i] = plan[i].maxScreens > 0 ? std::min(counts[i], plan[i].maxScreens) : counts[i];
    std::vector<int> shown = capped;

    Cycle cycle;
    for (;;) {
        cycle.next = normalised(from, counts);
        cycle.steps = interleave(plan, counts, shown, cycle.next, limits);
        if (limits.maxCycle.count() <= 0 || totalOf(cycle.steps) <= limits.maxCycle) break;
        auto largest = largestOther(plan, shown);
        if (!largest) break;
        --shown[*largest];
    }
    summarise(cycle, plan, {counts, capped, shown, gave}, limits);
    return cycle;
}

std::vector<std::pair<std::size_t, Ms>> longestRoomWaits(const std::vector<ShownRooms>& timeline, Ms period) {
    std::map<std::size_t, std::vector<std::pair<Ms, Ms>>> shown;  // a room's times on screen, in order, runs merged
    for (const ShownRooms& screen : timeline)
        for (std::size_t room : screen.rooms) {
            auto& runs = shown[room];
            Ms end = screen.start + screen.duration;
            if (!runs.empty() && runs.back().second >= screen.start)
                runs.back().second = std::max(runs.back().second, end);
            else
                runs.emplace_back(screen.start, end);
        }
    std::vector<std::pair<std::size_t, Ms>> out;
    for (const auto& [room, runs] : shown) {
        Ms longest = std::max(Ms{0}, period - runs.back().second + runs.front().first);
        for (std::size_t i = 1; i < runs.size(); ++i) longest = std::max(longest, runs[i].first - runs[i - 1].second);
        out.emplace_back(room, longest);
    }
    return out;
}

int maxScreensOf(const PageConfig& page) {
    if (isHomePage(page.kind)) return 0;
    if (page.maxScreens > 0) return page.maxScreens;
    switch (page.kind) {
    case PageKind::upcoming: return 2;
    case PageKind::speakers: return 3;
    case PageKind::awards: return 2;
    case PageKind::announcements: return 2;
    case PageKind::changes: return 2;
    case PageKind::slide: return 1;
    default: return 0;
    }
}

std::vector<PlanPage> planPages(const KioskConfig& config) {
    std::vector<PlanPage> pages;
    for (const PageConfig& p : config.rotation)
        pages.push_back(
            PlanPage{std::string(toString(p.kind)), isHomePage(p.kind), p.duration, maxScreensOf(p),
                     p.kind == PageKind::speakers || p.kind == PageKind::awards || p.kind == PageKind::changes});
    return pages;
}

CycleLimits cycleLimits(const KioskConfig& config) {
    return CycleLimits{config.cycle.homeEvery, config.cycle.maxCycle, config.cycle.wallClockSync,
                       config.cycle.minScreen};
}

}  // namespace hallboard
