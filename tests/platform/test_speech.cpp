// The kiosk's voice (platform/speech): sentences rendered to a buffer by espeak-ng, no
// sound card needed; the voice follows the language; the output plays through SDL audio
// when a device opens and keeps the kiosk running, silent, when none does.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <numeric>
#include <optional>
#include <sstream>

#include "platform/speech.hpp"

using namespace hallboard;
using namespace hallboard::platform;

namespace {

const std::string kSentence =
    "Directions for Deep Learning Hardware. Tuesday, April 6, 2021, 08:15 to 09:30. Room: Main room. With William "
    "Dally.";

Utterance said(const std::string& text, const std::string& language) {
    std::string problem;
    auto u = synthesize(text, language, problem);
    INFO(problem);
    REQUIRE(u);
    return std::move(*u);
}

std::size_t words(const std::string& text) {
    std::istringstream in(text);
    return static_cast<std::size_t>(std::distance(std::istream_iterator<std::string>(in), {}));
}

// The root mean square of the samples: silence is 0.
double loudness(const Utterance& u) {
    double sum = std::accumulate(u.samples.begin(), u.samples.end(), 0.0,
                                 [](double s, std::int16_t v) { return s + double(v) * double(v); });
    return u.samples.empty() ? 0 : std::sqrt(sum / static_cast<double>(u.samples.size()));
}

// SDL's environment for one test, restored after.
struct Env {
    std::string name;
    std::optional<std::string> before;
    Env(const std::string& n, const std::string& value) : name(n) {
        if (const char* v = std::getenv(n.c_str())) before = v;
        setenv(n.c_str(), value.c_str(), 1);
    }
    ~Env() {
        if (before)
            setenv(name.c_str(), before->c_str(), 1);
        else
            unsetenv(name.c_str());
    }
};

}  // namespace

TEST_CASE("a sentence is rendered to a buffer whose length fits its words, without a sound card") {
    auto start = std::chrono::steady_clock::now();
    Utterance u = said(kSentence, "en");
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    INFO("synthesis took " << ms << " ms for " << u.seconds() << " s of speech");
    CHECK(u.sampleRate == 22050);
    // About 175 words a minute, espeak-ng's default rate, and the pauses between the
    // sentences and around the times: 17 words take 5 to 15 seconds.
    double perWord = u.seconds() / static_cast<double>(words(kSentence));
    CHECK(perWord > 0.25);
    CHECK(perWord < 0.9);
    CHECK(loudness(u) > 500);  // speech, not silence
    // Twice the text, about twice the sound.
    Utterance twice = said(kSentence + " " + kSentence, "en");
    CHECK(twice.seconds() > 1.7 * u.seconds());
    CHECK(twice.seconds() < 2.3 * u.seconds());
}

TEST_CASE("the voice follows the kiosk's language: en, de, fr and es each have their own") {
    Utterance en = said(kSentence, "en");
    CHECK(en.voice == "gmw/en");
    CHECK(en.language.rfind("en", 0) == 0);
    const std::pair<const char*, const char*> voices[] = {{"de", "gmw/de"}, {"fr", "roa/fr"}, {"es", "roa/es"}};
    for (const auto& [tag, voice] : voices) {
        Utterance u = said(kSentence, tag);
        INFO(tag << ": " << u.voice << " (" << u.language << "), " << u.seconds() << " s");
        CHECK(u.voice == voice);
        CHECK(u.language.rfind(tag, 0) == 0);
        CHECK(u.samples != en.samples);  // the same words said another way
        CHECK(u.seconds() > 3);
    }
    // A region picks its own voice where espeak-ng has one, else the language's.
    CHECK(said("Hello.", "en-US").voice == "gmw/en-US");
    CHECK(said("Guten Tag.", "de-AT").voice == "gmw/de");
    CHECK(said("Bonjour.", "fr_CA").voice.rfind("roa/fr", 0) == 0);
    // The same sentence in the same voice lasts as long, within a few milliseconds
    // (espeak-ng carries a little state from one sentence to the next).
    CHECK(std::abs(said(kSentence, "de").seconds() - said(kSentence, "de").seconds()) < 0.05);
}

TEST_CASE("synthesis is bounded, and a language without a voice is a reason, not a crash") {
    std::string problem;
    CHECK_FALSE(synthesize("Hallo.", "tlh", problem));
    CHECK(problem.find("no voice for \"tlh\"") != std::string::npos);
    // A hostile sentence: far past the limit, cut at a word.
    std::string huge;
    while (huge.size() < 100000) huge += "conference ";
    Utterance u = said(huge, "en");
    CHECK(u.seconds() <= kMaxSpeechSeconds);
    CHECK(u.seconds() > 10);
    CHECK(said("", "en").samples.size() < 22050);  // nothing to say: at most a breath
    CHECK(said(std::string("\xC3\x28 broken \xFF bytes", 17), "en").seconds() < 5);
}

TEST_CASE("speech plays through SDL audio, and without a device the kiosk runs on, silent, said once") {
    SECTION("a device: the sentence's samples are queued, off the caller's thread") {
        Env driver("SDL_AUDIODRIVER", "disk");
        std::filesystem::path file = std::filesystem::temp_directory_path() / "hallboard-speech-test.raw";
        Env out("SDL_DISKAUDIOFILE", file.string());
        std::ostringstream log;
        SpeechOutput speech(log);
        INFO(log.str());
        REQUIRE(speech.available());
        speech.say(kSentence, "de");
        speech.waitIdle();
        CHECK(speech.spoken() == 1);
        // say() hands the sentence over: it was synthesised on the speech thread, not
        // this one (a bound on say()'s time was a timed unit test, and failed under load).
        CHECK(speech.spokenOn() != std::thread::id{});
        CHECK(speech.spokenOn() != std::this_thread::get_id());
        // What was queued is the sentence's sound: 16-bit samples, as long as it lasts
        // (within 0.05 s: see above).
        double queued = static_cast<double>(speech.bytesQueued()) / 2 / 22050;
        CHECK(std::abs(queued - said(kSentence, "de").seconds()) < 0.05);
        CHECK(log.str().empty());
        std::filesystem::remove(file);
    }
    SECTION("no device: logged once, say() does nothing") {
        Env driver("SDL_AUDIODRIVER", "no-such-driver");
        std::ostringstream log;
        SpeechOutput speech(log);
        CHECK_FALSE(speech.available());
        speech.say(kSentence, "en");
        speech.say(kSentence, "de");
        speech.waitIdle();
        CHECK(speech.spoken() == 0);
        std::string text = log.str();
        CHECK(text.find("hallboard: speech: no audio") == 0);
        CHECK(text.find("the kiosk runs without its voice") != std::string::npos);
        CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    }
}
