// The kiosk's voice (accessibility.speech, docs/accessibility.md): espeak-ng (Debian's
// libespeak-ng, voices in espeak-ng-data) synthesises a sentence into memory, in the
// voice of the kiosk's language, and SDL audio plays it. Synthesis needs no sound card
// (tests render to a buffer); playback runs on a thread of its own, so the frame loop
// never waits for either. Without an audio device the kiosk runs on, silent, and says
// so once in the log.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace hallboard::platform {

// A sentence as sound: 16-bit mono samples and the voice that said them.
struct Utterance {
    std::vector<std::int16_t> samples;
    int sampleRate = 0;
    std::string voice;     // espeak-ng's identifier of the voice ("gmw/de")
    std::string language;  // the voice's own language ("de", "en-gb")
    double seconds() const { return sampleRate > 0 ? static_cast<double>(samples.size()) / sampleRate : 0.0; }
};

// The most a sentence may hold (characters) and last (seconds of sound): a talk's title,
// time, room, speakers and way are a few hundred characters; anything longer is cut at
// a word.
inline constexpr std::size_t kMaxSpeechBytes = 2000;
inline constexpr double kMaxSpeechSeconds = 120;

// `text` said in the voice for `language` (a BCP 47 tag: "de", "fr-CA", "en-US"; its
// primary subtag when espeak-ng has no voice for the whole tag). Synchronous, and thread
// safe (espeak-ng's state is the process's: one sentence at a time, under a lock).
// Nothing, with `problem` set, when espeak-ng or its data is missing or the language has
// no voice.
std::optional<Utterance> synthesize(std::string_view text, const std::string& language, std::string& problem);

// Plays sentences through SDL audio, one at a time: a new one stops the one playing.
class SpeechOutput {
public:
    // Opens the default audio device (SDL's audio subsystem is started here, on the
    // caller's thread). Failure is logged once; say() then does nothing.
    explicit SpeechOutput(std::ostream& log);
    ~SpeechOutput();
    SpeechOutput(const SpeechOutput&) = delete;
    SpeechOutput& operator=(const SpeechOutput&) = delete;

    bool available() const { return device_ != 0; }
    // Says `text` in `language`'s voice, on the speech thread; returns at once.
    void say(std::string text, std::string language);
    // Sentences synthesised and queued so far, and their bytes of audio (for tests).
    long spoken() const;
    long bytesQueued() const;
    // The thread the last sentence was synthesised on (for tests: never the caller's).
    std::thread::id spokenOn() const;
    // Waits until the speech thread has nothing left to synthesise (tests).
    void waitIdle();

private:
    void run();
    // On the caller's thread: the speech thread's problems, each logged once.
    void report();

    std::ostream& log_;
    std::uint32_t device_ = 0;  // SDL_AudioDeviceID; 0: none
    int deviceRate_ = 0;
    bool audioStarted_ = false;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::optional<std::pair<std::string, std::string>> pending_;  // text, language
    bool busy_ = false, stop_ = false;
    long spoken_ = 0, bytes_ = 0;
    std::thread::id spokenOn_;
    std::vector<std::string> unreported_, reported_;
    std::thread thread_;
};

}  // namespace hallboard::platform
