// `cmake --build build --target bench`: touch browsing on a synthetic program of 10,000
// talks (50 rooms, 5 days; every abstract 120 words from a small vocabulary, so most
// letters match most talks: a worst case for ranking). Figures, not pass/fail: the
// target from the issue is printed beside them.
//
// A keystroke is what the kiosk does between a key and the next frame: the Searcher
// narrows (or, after a backspace, widens) and ranks the hits the screen lists.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "browse/directory.hpp"
#include "model/program_json.hpp"
#include "browse/search.hpp"
#include "browse/take_away.hpp"
#include "measure.hpp"
#include "synthetic_program.hpp"

using namespace hallboard;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Stats {
    double median = 0, p95 = 0, max = 0;
};

Stats stats(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms[ms.size() * 95 / 100], ms.back()};
}

void print(const char* what, const Stats& s) {
    std::printf("  %-32s %7.3f ms median, %.3f ms p95, %.3f ms max   (target < 5 ms)\n", what, s.median, s.p95, s.max);
}

// Times every keystroke of `queries` typed, erased, and pasted whole, over `index`.
void keystrokes(const browse::SearchIndex& index, const std::vector<std::string>& queries) {
    std::vector<double> typing, cold, erasing;
    for (int round = 0; round < 5; ++round) {
        for (const std::string& q : queries) {
            browse::Searcher searcher(index);
            for (std::size_t n = 1; n <= q.size(); ++n) {
                auto k0 = Clock::now();
                searcher.search(q.substr(0, n));
                typing.push_back(msSince(k0));
            }
            // Backspace back to one letter: each step widens the search again.
            for (std::size_t n = q.size() - 1; n >= 1; --n) {
                auto k0 = Clock::now();
                searcher.search(q.substr(0, n));
                erasing.push_back(msSince(k0));
            }
            // The whole query at once (a pasted query, or the first frame after a reload).
            browse::Searcher fresh(index);
            auto k0 = Clock::now();
            fresh.search(q);
            cold.push_back(msSince(k0));
        }
    }
    print("keystroke while typing", stats(typing));
    print("keystroke while erasing", stats(erasing));
    print("whole query, nothing cached", stats(cold));
}

// 10,000 talks with real text: the bundled programs' talks, copied round by round.
Program realText(std::size_t talks) {
    Program out;
    for (const char* name : {"mlsys2021.json", "mlsys2022.json", "mlsys2023-papers.json", "arxiv-systems-ml.json"}) {
        auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/" + name);
        if (!load.ok()) continue;
        for (Talk t : load.program->talks) {
            t.session.reset();
            t.speakers.clear();
            out.talks.push_back(std::move(t));
        }
    }
    if (out.talks.empty()) return out;
    for (std::size_t i = 0; out.talks.size() < talks; ++i) out.talks.push_back(out.talks[i]);
    return out;
}

}  // namespace

int main() {
    bench::SyntheticSpec spec;
    Program program = bench::syntheticProgram(spec);
    std::printf("Hallboard browse benchmark: %zu talks, %zu rooms, %d days\n", program.talks.size(),
                program.rooms.size(), spec.days);
    double rssBefore = bench::residentMb();

    double indexMs = 1e9;
    std::unique_ptr<browse::SearchIndex> index;
    for (int i = 0; i < 3; ++i) {
        auto t0 = Clock::now();
        index = std::make_unique<browse::SearchIndex>(program);
        indexMs = std::min(indexMs, msSince(t0));
    }
    std::printf("  build search index (best of 3) %8.1f ms, %.1f MB resident for it\n", indexMs,
                bench::residentMb() - rssBefore);
    auto t0 = Clock::now();
    auto directory = browse::buildDirectory(program);
    std::printf("  build speaker directory        %8.1f ms (%zu names)\n", msSince(t0), directory.size());

    // What visitors type, one key at a time: a name with an accent typed without it, a
    // title word, two words, a word found nowhere, a single common letter.
    keystrokes(*index, {"goncalves", "pipeline", "sparse kernel", "muller edge", "zebra", "t", "distributed training"});
    browse::Searcher one(*index);
    std::printf("  hits: \"t\" %zu, \"goncalves\" %zu, \"zebra\" %zu\n", one.search("t").size(),
                one.search("goncalves").size(), one.search("zebra").size());

    Program real = realText(program.talks.size());
    browse::SearchIndex realIndex(real);
    std::size_t chars = 0;
    for (const Talk& t : real.talks) chars += t.title.size() + t.abstract.size();
    std::printf("The same over %zu talks of real titles and abstracts from data/ (%.1f MB of text)\n",
                real.talks.size(), static_cast<double>(chars) / 1e6);
    keystrokes(realIndex,
               {"goncalves", "pipemare", "quantization", "graph neural", "zebra", "e", "federated learning"});
    // A talk page encodes its QR code when drawn: a calendar entry (the longer payload).
    std::vector<double> qr;
    for (Index t = 0; t < 200; ++t) {
        auto k0 = Clock::now();
        auto away = browse::takeAway(program, program.talks[t]);
        auto code = away ? browse::makeQrCode(away->payload) : std::nullopt;
        qr.push_back(msSince(k0));
        if (!code) std::printf("  (talk %u: no QR code)\n", t);
    }
    Stats q = stats(qr);
    std::printf("  QR code of a talk (calendar)   %8.3f ms median, %.3f ms max\n", q.median, q.max);
    std::printf("  peak resident memory           %8.1f MB\n", bench::peakResidentMb());
    return 0;
}
