// See input_script.hpp.
#include "browse/input_script.hpp"

#include <charconv>
#include <cmath>
#include <variant>

#include "base/text.hpp"

namespace hallboard::browse {

namespace {

constexpr double kFrame = 1.0 / 60.0;  // strokes move the finger once a frame

std::optional<ScriptCoord> parseCoord(std::string_view word) {
    ScriptCoord c;
    if (!word.empty() && word.back() == '%') {
        c.percent = true;
        word.remove_suffix(1);
    }
    double v = 0;
    auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc{} || end != word.data() + word.size() || !std::isfinite(v) || v < 0 || v > 100000)
        return std::nullopt;
    if (c.percent && v > 100) return std::nullopt;
    c.value = static_cast<float>(v);
    return c;
}

std::optional<double> parseSeconds(std::string_view word) {
    double v = 0;
    auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc{} || end != word.data() + word.size() || !std::isfinite(v) || v < 0 || v > 3600)
        return std::nullopt;
    return v;
}

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
        if (j > i) out.push_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

ScriptCoord pct(float v) {
    return {v, true};
}

ScriptStep step(ScriptStep::Type type, int line) {
    ScriptStep s;
    s.type = type;
    s.line = line;
    return s;
}

ScriptEvent event(ScriptEvent::Type type, float x = 0, float y = 0) {
    ScriptEvent e;
    e.type = type;
    e.x = x;
    e.y = y;
    return e;
}

std::vector<std::string_view> lines(std::string_view text) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// A line of a script: its step, or what is wrong with it.
using Parsed = std::variant<ScriptStep, std::string>;
using Words = std::vector<std::string_view>;

Parsed parseType(std::string_view line, int number) {
    std::string_view rest = trimView(line.substr(4));
    if (rest.empty()) return std::string("\"type\" needs the text to type");
    ScriptStep s = step(ScriptStep::Type::type, number);
    s.text = std::string(rest);
    return s;
}

Parsed parseTap(const Words& words, int number) {
    std::optional<ScriptCoord> x = words.size() == 3 ? parseCoord(words[1]) : std::nullopt;
    std::optional<ScriptCoord> y = words.size() == 3 ? parseCoord(words[2]) : std::nullopt;
    if (!x || !y) return std::string("expected \"tap X Y\" with pixels or percentages, like \"tap 50% 40%\"");
    ScriptStep s = step(ScriptStep::Type::tap, number);
    s.x0 = *x;
    s.y0 = *y;
    return s;
}

// Named directions cross the middle of the screen.
Parsed parseDirection(std::string_view direction, ScriptStep s) {
    if (direction == "left") {
        s.x0 = pct(80);
        s.x1 = pct(20);
        s.y0 = s.y1 = pct(50);
    } else if (direction == "right") {
        s.x0 = pct(20);
        s.x1 = pct(80);
        s.y0 = s.y1 = pct(50);
    } else if (direction == "up") {
        s.x0 = s.x1 = pct(50);
        s.y0 = pct(75);
        s.y1 = pct(35);
    } else if (direction == "down") {
        s.x0 = s.x1 = pct(50);
        s.y0 = pct(35);
        s.y1 = pct(75);
    } else
        return "expected left, right, up or down, or X1 Y1 X2 Y2, found \"" + std::string(direction) + "\"";
    return s;
}

Parsed parseStrokeCoords(const Words& words, ScriptStep s) {
    auto x0 = parseCoord(words[1]), y0 = parseCoord(words[2]), x1 = parseCoord(words[3]), y1 = parseCoord(words[4]);
    auto secs = words.size() == 6 ? parseSeconds(words[5]) : std::optional<double>(s.seconds);
    if (!x0 || !y0 || !x1 || !y1 || !secs || *secs <= 0)
        return "expected \"" + std::string(words[0]) + " X1 Y1 X2 Y2 [SECONDS]\"";
    s.x0 = *x0;
    s.y0 = *y0;
    s.x1 = *x1;
    s.y1 = *y1;
    s.seconds = *secs;
    return s;
}

// swipe, drag and flick: the same stroke at different speeds.
Parsed parseStroke(const Words& words, int number) {
    std::string command(words[0]);
    ScriptStep s = step(ScriptStep::Type::stroke, number);
    s.seconds = command == "drag" ? 0.8 : command == "flick" ? 0.12 : 0.18;
    s.text = command;  // a drag rests before lifting, so it does not fling
    if (words.size() == 2) return parseDirection(words[1], s);
    if (words.size() == 5 || words.size() == 6) return parseStrokeCoords(words, s);
    return "expected \"" + command + " left|right|up|down\" or \"" + command + " X1 Y1 X2 Y2 [SECONDS]\"";
}

Parsed parseKeyStep(const Words& words, int number) {
    auto key = words.size() == 2 ? parseKey(words[1]) : std::nullopt;
    if (!key)
        return std::string(
            "expected \"key NAME\": enter, escape, backspace, tab, up, down, left, right, pageup, pagedown, home");
    ScriptStep s = step(ScriptStep::Type::key, number);
    s.key = *key;
    return s;
}

Parsed parseWait(const Words& words, int number) {
    auto secs = words.size() == 2 ? parseSeconds(words[1]) : std::nullopt;
    if (!secs) return std::string("expected \"wait SECONDS\" (0 to 3600)");
    ScriptStep s = step(ScriptStep::Type::wait, number);
    s.seconds = *secs;
    return s;
}

// `line`: trimmed, neither blank nor a comment.
Parsed parseLine(std::string_view line, int number) {
    Words words = split(line);
    std::string_view command = words[0];
    // `type` keeps its text verbatim (a '#' may be typed); elsewhere '#' starts a comment.
    if (command == "type") return parseType(line, number);
    if (auto hash = line.find('#'); hash != std::string_view::npos) words = split(trimView(line.substr(0, hash)));
    if (command == "tap") return parseTap(words, number);
    if (command == "swipe" || command == "drag" || command == "flick") return parseStroke(words, number);
    if (command == "key") return parseKeyStep(words, number);
    if (command == "wait") return parseWait(words, number);
    return "unknown command \"" + std::string(command) + "\"; expected tap, swipe, drag, flick, type, key or wait";
}

// The events of a script as they are timed, one step after another.
struct Timeline {
    std::vector<ScriptEvent> events;
    double t = 0;

    void add(ScriptEvent e) {
        e.at = t;
        events.push_back(std::move(e));
    }
    void tap(const ScriptStep& s, float width, float height);
    void stroke(const ScriptStep& s, float width, float height);
    void type(const std::string& text);
    void key(Key k);
};

void Timeline::tap(const ScriptStep& s, float width, float height) {
    float x = s.x0.resolve(width), y = s.y0.resolve(height);
    add(event(ScriptEvent::Type::fingerDown, x, y));
    t += 0.08;
    add(event(ScriptEvent::Type::fingerUp, x, y));
    t += 0.12;
}

void Timeline::stroke(const ScriptStep& s, float width, float height) {
    float x0 = s.x0.resolve(width), y0 = s.y0.resolve(height);
    float x1 = s.x1.resolve(width), y1 = s.y1.resolve(height);
    add(event(ScriptEvent::Type::fingerDown, x0, y0));
    int frames = std::max(2, static_cast<int>(std::lround(s.seconds / kFrame)));
    for (int i = 1; i <= frames; ++i) {
        t += s.seconds / frames;
        float f = static_cast<float>(i) / static_cast<float>(frames);
        add(event(ScriptEvent::Type::fingerMove, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f));
    }
    if (s.text == "drag") t += 0.25;  // the finger rests: no flick
    add(event(ScriptEvent::Type::fingerUp, x1, y1));
    t += 0.1;
}

void Timeline::type(const std::string& text) {
    // One character at a time, as a visitor types on the on-screen keyboard.
    for (std::size_t i = 0; i < text.size();) {
        std::size_t start = i;
        nextCodepoint(text, i);
        ScriptEvent e = event(ScriptEvent::Type::text);
        e.text = text.substr(start, i - start);
        add(e);
        t += 0.1;
    }
}

void Timeline::key(Key k) {
    ScriptEvent e = event(ScriptEvent::Type::key);
    e.key = k;
    add(e);
    t += 0.1;
}

}  // namespace

std::optional<Key> parseKey(std::string_view name) {
    static constexpr std::pair<std::string_view, Key> kKeys[] = {
        {"enter", Key::enter},     {"return", Key::enter},        {"escape", Key::escape},
        {"esc", Key::escape},      {"backspace", Key::backspace}, {"tab", Key::tab},
        {"up", Key::up},           {"down", Key::down},           {"left", Key::left},
        {"right", Key::right},     {"pageup", Key::pageUp},       {"pagedown", Key::pageDown},
        {"home", Key::home},       {"speak", Key::speak},         {"shift-tab", Key::backTab},
        {"backtab", Key::backTab},
    };
    for (const auto& [n, k] : kKeys)
        if (iequalsAscii(n, name)) return k;
    return std::nullopt;
}

std::optional<InputScript> parseInputScript(std::string_view text, Diagnostics& diags) {
    InputScript script;
    bool ok = true;
    int number = 0;
    for (std::string_view line : lines(text)) {
        ++number;
        std::string_view trimmed = trimView(line);
        if (trimmed.empty() || trimmed.front() == '#') continue;
        Parsed parsed = parseLine(trimmed, number);
        if (auto* s = std::get_if<ScriptStep>(&parsed)) {
            script.steps.push_back(std::move(*s));
        } else {
            diags.error("line " + std::to_string(number), std::get<std::string>(parsed));
            ok = false;  // every error is reported, then nothing is played
        }
    }
    if (!ok) return std::nullopt;
    return script;
}

std::optional<InputScript> loadInputScript(const std::string& path, Diagnostics& diags) {
    std::string error;
    auto text = readWholeFile(path, error, InputKind::script);
    if (!text) {
        diags.error("", error);
        return std::nullopt;
    }
    return parseInputScript(*text, diags);
}

std::vector<ScriptEvent> InputScript::events(float width, float height) const {
    Timeline timeline;
    for (const ScriptStep& s : steps) {
        switch (s.type) {
        case ScriptStep::Type::tap: timeline.tap(s, width, height); break;
        case ScriptStep::Type::stroke: timeline.stroke(s, width, height); break;
        case ScriptStep::Type::type: timeline.type(s.text); break;
        case ScriptStep::Type::key: timeline.key(s.key); break;
        case ScriptStep::Type::wait: timeline.t += s.seconds; break;
        }
    }
    return std::move(timeline.events);
}

double InputScript::duration() const {
    double t = 0;
    for (const ScriptStep& s : steps) {
        switch (s.type) {
        case ScriptStep::Type::tap: t += 0.2; break;
        case ScriptStep::Type::stroke: t += s.seconds + (s.text == "drag" ? 0.25 : 0.0) + 0.1; break;
        case ScriptStep::Type::type: {
            for (std::size_t i = 0; i < s.text.size();) {
                nextCodepoint(s.text, i);
                t += 0.1;
            }
            break;
        }
        case ScriptStep::Type::key: t += 0.1; break;
        case ScriptStep::Type::wait: t += s.seconds; break;
        }
    }
    return t;
}

}  // namespace hallboard::browse
