// What the kiosk says aloud (accessibility.speech, docs/accessibility.md): the sentences
// for the place a visitor is at (a talk's title, time, room, speakers and the way
// there; how many results a search found; a session, a room, a person, the schedule's
// day) and for the idle warning. Words in the process's language (base/i18n: tr), as on
// screen, without the bidi isolates and the separators only an eye reads. No sound, no
// SDL: the platform's voice (platform/speech) turns them into samples.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "browse/browser.hpp"
#include "browse/directory.hpp"
#include "model/program.hpp"
#include "model/scheduler.hpp"
#include "model/venue.hpp"

namespace hallboard::browse {

// What a sentence is built from: the program, the directions from this kiosk (null:
// no venue), the speaker directory and the instant ("Live now", "Starts in 25 min").
struct SpeechSource {
    const Program* program = nullptr;
    const Scheduler* scheduler = nullptr;  // the schedule's days; null: the schedule says no date
    const Wayfinding* wayfinding = nullptr;
    const std::vector<DirectoryEntry>* directory = nullptr;
    Instant now{};
    // The visitor asked for the step-free way (Browser::stepFreeWay): the way said is the
    // one without stairs, or that there is none. placeSpeech sets it from the browser.
    bool stepFree = false;
};

// A talk: title, date and time, room, speakers, and the way to its room from here.
std::string talkSpeech(const SpeechSource& source, Index talk);
// A search: how many talks it found for `query` (none typed yet: what to do).
std::string searchSpeech(std::string_view query, std::size_t hits);
// The idle warning: the rotation returns in `seconds`; touch or any key to stay.
std::string idleSpeech(int seconds);
// The place the browser is at (its view and item), with the search's hit count.
std::string placeSpeech(const SpeechSource& source, const Browser& browser, std::size_t searchHits);

// Text as a voice should read it: bidi controls (isolates, marks, embeddings) removed,
// the middle dot and the en dash that separate parts on screen turned into a pause and
// "to", runs of spaces made one. Valid UTF-8 in, valid UTF-8 out.
std::string spokenText(std::string_view shown);

}  // namespace hallboard::browse
