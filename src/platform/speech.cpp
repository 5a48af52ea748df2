// See speech.hpp.
#include "platform/speech.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include <SDL.h>
#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>

namespace hallboard::platform {

namespace {

// espeak-ng keeps its voice, its output mode and its callback in the process: the one
// piece of state here that is not an object's. Initialised once, used under this lock.
struct Engine {
    std::mutex mutex;
    bool tried = false;
    std::string problem;  // why it cannot speak; empty: ready
    int sampleRate = 0;
};

Engine& engine() {
    static Engine e;  // the library's own global state, mirrored: see above
    return e;
}

// Samples from espeak-ng's synthesis callback, into the buffer the call was given.
int collect(short* wav, int count, espeak_EVENT* events) {
    if (!events || !events->user_data) return 0;
    auto* out = static_cast<Utterance*>(events->user_data);
    if (wav && count > 0) {
        auto room = static_cast<std::size_t>(kMaxSpeechSeconds * out->sampleRate);
        std::size_t n =
            std::min<std::size_t>(static_cast<std::size_t>(count), room - std::min(room, out->samples.size()));
        out->samples.insert(out->samples.end(), wav, wav + n);
        if (out->samples.size() >= room) return 1;  // long enough: stop
    }
    return 0;
}

void initialise(Engine& e) {
    e.tried = true;
    espeak_ng_InitializePath(nullptr);
    espeak_ng_ERROR_CONTEXT context = nullptr;
    espeak_ng_STATUS status = espeak_ng_Initialize(&context);
    if (status != ENS_OK) {
        char message[512] = {};
        espeak_ng_GetStatusCodeMessage(status, message, sizeof message);
        espeak_ng_ClearErrorContext(&context);
        e.problem = std::string("espeak-ng cannot start (") + message + "; is espeak-ng-data installed?)";
        return;
    }
    status = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nullptr);
    if (status != ENS_OK) {
        e.problem = "espeak-ng cannot synthesise into memory";
        return;
    }
    espeak_SetSynthCallback(collect);
    e.sampleRate = espeak_ng_GetSampleRate();
}

// A voice's first language: espeak-ng lists them as a priority byte, then the name.
std::string firstLanguage(const espeak_VOICE* v) {
    if (!v || !v->languages || v->languages[0] == 0) return {};
    return v->languages + 1;
}

std::string lowered(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// The voice for `language`: the whole tag ("en-us"), else its primary subtag ("de").
bool chooseVoice(const std::string& language) {
    std::string tag = lowered(language);
    std::replace(tag.begin(), tag.end(), '_', '-');
    for (std::string candidate : {tag, tag.substr(0, tag.find('-'))}) {
        if (candidate.empty()) continue;
        espeak_VOICE spec{};
        spec.languages = candidate.c_str();
        if (espeak_SetVoiceByProperties(&spec) != EE_OK) continue;
        const espeak_VOICE* v = espeak_GetCurrentVoice();
        // The voice's first language must be the one asked for: espeak-ng falls back
        // to another voice rather than fail.
        std::string primary = candidate.substr(0, candidate.find('-')), voice = lowered(firstLanguage(v));
        if (voice == primary || voice.rfind(primary + "-", 0) == 0) return true;
    }
    return false;
}

// Cut at a space before `kMaxSpeechBytes`, never inside a UTF-8 character.
std::string bounded(std::string_view text) {
    if (text.size() <= kMaxSpeechBytes) return std::string(text);
    std::size_t end = kMaxSpeechBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    std::size_t space = text.rfind(' ', end);
    if (space != std::string_view::npos && space > kMaxSpeechBytes / 2) end = space;
    return std::string(text.substr(0, end));
}

}  // namespace

std::optional<Utterance> synthesize(std::string_view text, const std::string& language, std::string& problem) {
    Engine& e = engine();
    std::lock_guard lock(e.mutex);
    if (!e.tried) initialise(e);
    if (!e.problem.empty()) {
        problem = e.problem;
        return std::nullopt;
    }
    if (!chooseVoice(language)) {
        problem = "espeak-ng has no voice for \"" + language + "\"";
        return std::nullopt;
    }
    Utterance out;
    out.sampleRate = e.sampleRate;
    const espeak_VOICE* v = espeak_GetCurrentVoice();
    out.voice = v && v->identifier ? v->identifier : "";
    out.language = firstLanguage(v);
    std::string said = bounded(text);
    espeak_ng_STATUS status =
        espeak_ng_Synthesize(said.c_str(), said.size() + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, nullptr, &out);
    if (status == ENS_OK) status = espeak_ng_Synchronize();
    if (status != ENS_OK) {
        char message[512] = {};
        espeak_ng_GetStatusCodeMessage(status, message, sizeof message);
        problem = std::string("espeak-ng could not say it: ") + message;
        return std::nullopt;
    }
    return out;
}

SpeechOutput::SpeechOutput(std::ostream& log) : log_(log) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        log_ << "hallboard: speech: no audio (" << SDL_GetError() << "); the kiosk runs without its voice\n";
    } else {
        audioStarted_ = true;
        SDL_AudioSpec want{}, have{};
        want.freq = 22050;  // espeak-ng's rate: SDL converts if the device wants another
        want.format = AUDIO_S16SYS;
        want.channels = 1;
        want.samples = 1024;
        device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
        if (device_ == 0)
            log_ << "hallboard: speech: no audio device (" << SDL_GetError() << "); the kiosk runs without its voice\n";
        else
            SDL_PauseAudioDevice(device_, 0);
    }
    if (device_ != 0) thread_ = std::thread([this] { run(); });
}

SpeechOutput::~SpeechOutput() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    report();
    if (device_ != 0) SDL_CloseAudioDevice(device_);
    if (audioStarted_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void SpeechOutput::say(std::string text, std::string language) {
    report();
    if (device_ == 0 || text.empty()) return;
    {
        std::lock_guard lock(mutex_);
        pending_.emplace(std::move(text), std::move(language));  // replaces one not yet begun
    }
    wake_.notify_all();
}

void SpeechOutput::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_ || pending_; });
        if (stop_) return;
        auto [text, language] = std::move(*pending_);
        pending_.reset();
        busy_ = true;
        lock.unlock();
        std::string problem;
        auto sound = synthesize(text, language, problem);
        if (sound) {
            // What was playing stops: the visitor asked about something else.
            SDL_ClearQueuedAudio(device_);
            auto bytes = static_cast<Uint32>(sound->samples.size() * sizeof(std::int16_t));
            if (SDL_QueueAudio(device_, sound->samples.data(), bytes) != 0) problem = SDL_GetError();
            lock.lock();
            ++spoken_;
            bytes_ += bytes;
            spokenOn_ = std::this_thread::get_id();
        } else {
            lock.lock();
        }
        if (!problem.empty()) unreported_.push_back("hallboard: speech: " + problem);
        busy_ = false;
        idle_.notify_all();
    }
}

void SpeechOutput::report() {
    std::vector<std::string> lines;
    {
        std::lock_guard lock(mutex_);
        lines.swap(unreported_);
    }
    for (std::string& line : lines) {
        if (std::find(reported_.begin(), reported_.end(), line) != reported_.end()) continue;
        log_ << line << "\n";
        reported_.push_back(std::move(line));
    }
}

long SpeechOutput::spoken() const {
    std::lock_guard lock(mutex_);
    return spoken_;
}

std::thread::id SpeechOutput::spokenOn() const {
    std::lock_guard lock(mutex_);
    return spokenOn_;
}

long SpeechOutput::bytesQueued() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

void SpeechOutput::waitIdle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return !busy_ && !pending_; });
}

}  // namespace hallboard::platform
