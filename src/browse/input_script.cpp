// See input_script.hpp.
#include "browse/input_script.hpp"

#include <charconv>
#include <cmath>

#include "core/text.hpp"

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
    if (ec != std::errc{} || end != word.data() + word.size() || !std::isfinite(v) || v < 0 || v > 100000) return std::nullopt;
    if (c.percent && v > 100) return std::nullopt;
    c.value = static_cast<float>(v);
    return c;
}

std::optional<double> parseSeconds(std::string_view word) {
    double v = 0;
    auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc{} || end != word.data() + word.size() || !std::isfinite(v) || v < 0 || v > 3600) return std::nullopt;
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

ScriptCoord pct(float v) { return {v, true}; }

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

}  // namespace

std::optional<Key> parseKey(std::string_view name) {
    static constexpr std::pair<std::string_view, Key> kKeys[] = {
        {"enter", Key::enter}, {"return", Key::enter},   {"escape", Key::escape},     {"esc", Key::escape},
        {"backspace", Key::backspace}, {"tab", Key::tab}, {"up", Key::up},           {"down", Key::down},
        {"left", Key::left},   {"right", Key::right},    {"pageup", Key::pageUp},     {"pagedown", Key::pageDown},
        {"home", Key::home},
    };
    for (const auto& [n, k] : kKeys)
        if (iequalsAscii(n, name)) return k;
    return std::nullopt;
}

std::optional<InputScript> parseInputScript(std::string_view text, Diagnostics& diags) {
    InputScript script;
    bool ok = true;
    std::size_t lineStart = 0;
    int lineNo = 0;
    while (lineStart <= text.size()) {
        std::size_t lineEnd = text.find('\n', lineStart);
        if (lineEnd == std::string_view::npos) lineEnd = text.size();
        std::string_view line = text.substr(lineStart, lineEnd - lineStart);
        lineStart = lineEnd + 1;
        ++lineNo;
        std::string where = "line " + std::to_string(lineNo);
        // `type` keeps its text verbatim (a '#' may be typed); elsewhere '#' starts a comment.
        std::string_view trimmed = trimView(line);
        if (trimmed.empty() || trimmed.front() == '#') continue;
        auto words = split(trimmed);
        std::string command(words[0]);
        auto fail = [&](const std::string& message) {
            diags.error(where, message);
            ok = false;
        };
        if (command == "type") {
            std::string_view rest = trimView(trimmed.substr(4));
            if (rest.empty()) {
                fail("\"type\" needs the text to type");
                continue;
            }
            ScriptStep s = step(ScriptStep::Type::type, lineNo);
            s.text = std::string(rest);
            script.steps.push_back(s);
            continue;
        }
        if (auto hash = trimmed.find('#'); hash != std::string_view::npos) words = split(trimView(trimmed.substr(0, hash)));
        if (command == "tap") {
            std::optional<ScriptCoord> x = words.size() == 3 ? parseCoord(words[1]) : std::nullopt;
            std::optional<ScriptCoord> y = words.size() == 3 ? parseCoord(words[2]) : std::nullopt;
            if (!x || !y) {
                fail("expected \"tap X Y\" with pixels or percentages, like \"tap 50% 40%\"");
                continue;
            }
            ScriptStep s = step(ScriptStep::Type::tap, lineNo);
            s.x0 = *x;
            s.y0 = *y;
            script.steps.push_back(s);
        } else if (command == "swipe" || command == "drag" || command == "flick") {
            ScriptStep s = step(ScriptStep::Type::stroke, lineNo);
            // Named directions cross the middle of the screen.
            double defaultSeconds = command == "drag" ? 0.8 : command == "flick" ? 0.12 : 0.18;
            if (words.size() == 2) {
                std::string_view d = words[1];
                if (d == "left") { s.x0 = pct(80); s.x1 = pct(20); s.y0 = s.y1 = pct(50); }
                else if (d == "right") { s.x0 = pct(20); s.x1 = pct(80); s.y0 = s.y1 = pct(50); }
                else if (d == "up") { s.x0 = s.x1 = pct(50); s.y0 = pct(75); s.y1 = pct(35); }
                else if (d == "down") { s.x0 = s.x1 = pct(50); s.y0 = pct(35); s.y1 = pct(75); }
                else {
                    fail("expected left, right, up or down, or X1 Y1 X2 Y2, found \"" + std::string(d) + "\"");
                    continue;
                }
                s.seconds = defaultSeconds;
            } else if (words.size() == 5 || words.size() == 6) {
                auto x0 = parseCoord(words[1]), y0 = parseCoord(words[2]), x1 = parseCoord(words[3]), y1 = parseCoord(words[4]);
                auto secs = words.size() == 6 ? parseSeconds(words[5]) : std::optional<double>(defaultSeconds);
                if (!x0 || !y0 || !x1 || !y1 || !secs || *secs <= 0) {
                    fail("expected \"" + command + " X1 Y1 X2 Y2 [SECONDS]\"");
                    continue;
                }
                s.x0 = *x0; s.y0 = *y0; s.x1 = *x1; s.y1 = *y1;
                s.seconds = *secs;
            } else {
                fail("expected \"" + command + " left|right|up|down\" or \"" + command + " X1 Y1 X2 Y2 [SECONDS]\"");
                continue;
            }
            s.text = command;  // a drag rests before lifting, so it does not fling
            script.steps.push_back(s);
        } else if (command == "key") {
            auto key = words.size() == 2 ? parseKey(words[1]) : std::nullopt;
            if (!key) {
                fail("expected \"key NAME\": enter, escape, backspace, tab, up, down, left, right, pageup, pagedown, home");
                continue;
            }
            ScriptStep s = step(ScriptStep::Type::key, lineNo);
            s.key = *key;
            script.steps.push_back(s);
        } else if (command == "wait") {
            auto secs = words.size() == 2 ? parseSeconds(words[1]) : std::nullopt;
            if (!secs) {
                fail("expected \"wait SECONDS\" (0 to 3600)");
                continue;
            }
            ScriptStep s = step(ScriptStep::Type::wait, lineNo);
            s.seconds = *secs;
            script.steps.push_back(s);
        } else {
            fail("unknown command \"" + command + "\"; expected tap, swipe, drag, flick, type, key or wait");
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
    std::vector<ScriptEvent> out;
    double t = 0;
    auto add = [&](ScriptEvent e) {
        e.at = t;
        out.push_back(std::move(e));
    };
    for (const ScriptStep& s : steps) {
        switch (s.type) {
            case ScriptStep::Type::tap: {
                float x = s.x0.resolve(width), y = s.y0.resolve(height);
                add(event(ScriptEvent::Type::fingerDown, x, y));
                t += 0.08;
                add(event(ScriptEvent::Type::fingerUp, x, y));
                t += 0.12;
                break;
            }
            case ScriptStep::Type::stroke: {
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
                break;
            }
            case ScriptStep::Type::type: {
                // One character at a time, as a visitor types on the on-screen keyboard.
                for (std::size_t i = 0; i < s.text.size();) {
                    std::size_t start = i;
                    nextCodepoint(s.text, i);
                    ScriptEvent e = event(ScriptEvent::Type::text);
                    e.text = s.text.substr(start, i - start);
                    add(e);
                    t += 0.1;
                }
                break;
            }
            case ScriptStep::Type::key: {
                ScriptEvent e = event(ScriptEvent::Type::key);
                e.key = s.key;
                add(e);
                t += 0.1;
                break;
            }
            case ScriptStep::Type::wait:
                t += s.seconds;
                break;
        }
    }
    return out;
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
