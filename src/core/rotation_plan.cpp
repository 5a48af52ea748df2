// See rotation_plan.hpp.
#include "core/rotation_plan.hpp"

#include <algorithm>
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

// The home pages' screens: each page from its cursor. Pages take turns a visit each;
// a visit that shows a page's last screen goes on to the next page if it has time.
class HomeWalk {
public:
    HomeWalk(const std::vector<PlanPage>& pages, const std::vector<int>& screens, Cursors& cursors)
        : pages_(pages), screens_(screens), cursors_(cursors) {
        for (std::size_t i = 0; i < pages.size(); ++i)
            if (pages[i].home && screens[i] > 0) {
                order_.push_back(i);
                total_ += screens[i];
            }
        if (!order_.empty()) cursors_.homeTurn %= order_.size();
    }
    bool empty() const { return order_.empty(); }
    int total() const { return total_; }
    CycleStep peek() const {
        std::size_t page = order_[cursors_.homeTurn];
        return CycleStep{page, cursors_.screen[page], pages_[page].duration, true};
    }
    std::size_t turn() const { return cursors_.homeTurn; }
    void nextTurn() { cursors_.homeTurn = (cursors_.homeTurn + 1) % order_.size(); }
    void take() {
        std::size_t page = order_[cursors_.homeTurn];
        if (++cursors_.screen[page] >= screens_[page]) {
            cursors_.screen[page] = 0;
            nextTurn();
        }
    }

private:
    const std::vector<PlanPage>& pages_;
    const std::vector<int>& screens_;
    Cursors& cursors_;
    std::vector<std::size_t> order_;
    int total_ = 0;
};

// Cursors that fit the pages: one a page, each within its page's screens.
Cursors normalised(const Cursors& from, const std::vector<int>& screens) {
    Cursors c = from;
    c.screen.resize(screens.size(), 0);
    for (std::size_t i = 0; i < screens.size(); ++i)
        if (c.screen[i] < 0 || c.screen[i] >= screens[i]) c.screen[i] = 0;
    return c;
}

// One home visit: consecutive home screens that fit in `budget`, at least one, never
// one twice; then the next home page's turn. Returns its length.
Ms homeVisit(HomeWalk& home, Ms budget, std::vector<CycleStep>& steps) {
    Ms used{0};
    std::size_t turn = home.turn();
    bool wrapped = false;
    for (int n = 0; n < home.total(); ++n) {
        CycleStep s = home.peek();
        if (n > 0 && used + s.duration > budget) break;
        steps.push_back(s);
        used += s.duration;
        home.take();
        wrapped = wrapped || home.turn() != turn;
    }
    if (!wrapped) home.nextTurn();  // a page with more screens goes on at its next turn
    return used;
}

// The other pages' screens in configured order, `shown[i]` of page i: from its first
// screen, or from its cursor for a page that goes on (whose cursor then moves on).
std::vector<CycleStep> othersInOrder(const std::vector<PlanPage>& pages, const std::vector<int>& screens,
                                     const std::vector<int>& shown, Cursors& cursors) {
    std::vector<CycleStep> out;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (pages[i].home || shown[i] == 0) continue;
        int from = pages[i].continues ? cursors.screen[i] : 0;
        for (int s = 0; s < shown[i]; ++s) out.push_back(CycleStep{i, (from + s) % screens[i], pages[i].duration, false});
        if (pages[i].continues) cursors.screen[i] = (from + shown[i]) % screens[i];
    }
    return out;
}

// Home visits with the other screens between them: a visit, then as many other screens
// as keep the next visit within `homeEvery` of this one (at least one), and so on until
// every other screen has had its turn.
std::vector<CycleStep> interleave(const std::vector<PlanPage>& pages, const std::vector<int>& screens,
                                  const std::vector<int>& shown, Cursors& cursors, const CycleLimits& limits) {
    std::vector<CycleStep> others = othersInOrder(pages, screens, shown, cursors);
    HomeWalk home(pages, screens, cursors);
    if (home.empty()) return others;
    std::vector<CycleStep> steps;
    std::size_t k = 0;
    do {
        Ms visit = homeVisit(home, limits.homeEvery / 2, steps);
        Ms room = limits.homeEvery - visit;
        Ms used{0};
        for (bool first = true; k < others.size() && (first || used + others[k].duration <= room); first = false) {
            used += others[k].duration;
            steps.push_back(others[k++]);
        }
    } while (k < others.size());
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

void summarise(Cycle& cycle, const std::vector<PlanPage>& pages, const std::vector<int>& screens,
               const std::vector<int>& capped, const std::vector<int>& shown, const CycleLimits& limits) {
    CycleSummary& s = cycle.summary;
    s.total = totalOf(cycle.steps);
    s.longestHomeGap = longestHomeGap(cycle.steps);
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (pages[i].home || shown[i] >= screens[i]) continue;
        std::string why;
        if (capped[i] < screens[i]) why = "max_screens " + std::to_string(pages[i].maxScreens);
        if (shown[i] < capped[i]) why += (why.empty() ? "" : ", then ") + ("max_seconds " + secondsText(limits.maxCycle));
        s.cuts.push_back(pages[i].name + ": " + std::to_string(shown[i]) + " of " + std::to_string(screens[i]) + " screens (" +
                         why + ")" + (pages[i].continues ? ", the next ones in the next cycles" : ""));
    }
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (!pages[i].home || screens[i] == 0) continue;
        auto seen = std::count_if(cycle.steps.begin(), cycle.steps.end(), [&](const CycleStep& c) { return c.page == i; });
        if (seen < screens[i])
            s.cuts.push_back(pages[i].name + ": " + std::to_string(seen) + " of " + std::to_string(screens[i]) +
                             " screens this cycle, the next ones at the next visits (home_every_seconds " +
                             secondsText(limits.homeEvery) + ")");
    }
    if (limits.maxCycle.count() > 0 && s.total > limits.maxCycle)
        s.warnings.push_back("the cycle lasts " + secondsText(s.total) + ", longer than max_seconds " + secondsText(limits.maxCycle) +
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
    summarise(cycle, plan, counts, capped, shown, limits);
    return cycle;
}

int maxScreensOf(const PageConfig& page) {
    if (isHomePage(page.kind)) return 0;
    if (page.maxScreens > 0) return page.maxScreens;
    switch (page.kind) {
        case PageKind::upcoming: return 2;
        case PageKind::speakers: return 3;
        case PageKind::awards: return 2;
        case PageKind::announcements: return 2;
        case PageKind::slide: return 1;
        default: return 0;
    }
}

std::vector<PlanPage> planPages(const KioskConfig& config) {
    std::vector<PlanPage> pages;
    for (const PageConfig& p : config.rotation)
        pages.push_back(PlanPage{std::string(toString(p.kind)), isHomePage(p.kind), p.duration, maxScreensOf(p),
                                 p.kind == PageKind::speakers || p.kind == PageKind::awards});
    return pages;
}

CycleLimits cycleLimits(const KioskConfig& config) {
    return CycleLimits{config.cycle.homeEvery, config.cycle.maxCycle, config.cycle.wallClockSync};
}

}  // namespace hallboard
