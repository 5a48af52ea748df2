// See json_reader.hpp.
#include "base/json_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace hallboard {

std::string pointerToken(std::string_view key) {
    std::string out;
    for (char c : excerpt(key, 40)) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string_view jsonTypeName(const Json& value) {
    switch (value.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "true/false";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "a number";
    default: return "something else";
    }
}

namespace {

// nlohmann reports the offset of a token's last byte; an editor user wants its first.
// Walks back over a string literal or a bare word (number, true, null).
std::size_t tokenStart(std::string_view text, std::size_t last) {
    if (last >= text.size()) return last;
    if (text[last] == '"' && last > 0) {
        for (std::size_t i = last; i-- > 0;) {
            if (text[i] != '"') continue;
            std::size_t backslashes = 0;
            for (std::size_t j = i; j-- > 0 && text[j] == '\\';) ++backslashes;
            if (backslashes % 2 == 0) return i;
        }
        return last;
    }
    auto isWord = [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-' ||
               c == '+';
    };
    std::size_t i = last;
    while (i > 0 && isWord(text[i]) && isWord(text[i - 1])) --i;
    return i;
}

}  // namespace

Json parseJsonText(std::string_view text) {
    try {
        return Json::parse(text.begin(), text.end(), nullptr, true, /*ignore_comments=*/true);
    } catch (const Json::parse_error& e) {
        // nlohmann counts bytes; turn the offset into a line and column a text editor shows.
        std::size_t byte = e.byte == 0 ? 0 : e.byte - 1;
        if (byte > text.size()) byte = text.size();
        bool truncated = byte >= text.size();
        byte = tokenStart(text, byte);
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < byte; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
                ++column;  // count characters, not UTF-8 continuation bytes
            }
        }
        // Keep nlohmann's reason ("unexpected '}'; expected string literal"), drop its prefix.
        std::string what = e.what();
        auto colon = what.find(": ", what.find("parse error"));
        std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
        // nlohmann quotes the token it stopped in ("last read: '...'"): a string of
        // 200 MB, or bytes that are not UTF-8. Quote at most 80 characters of it, cleaned.
        if (auto quote = reason.find("last read: '"); quote != std::string::npos) {
            std::size_t from = quote + 12;
            std::size_t to = reason.rfind('\'');
            if (to == std::string::npos || to < from) to = reason.size();
            reason = reason.substr(0, from) + excerpt(std::string_view(reason).substr(from, to - from)) + "'";
        } else {
            reason = excerpt(reason, 400);
        }
        if (truncated) reason += " (the file ends early: was it still being written?)";
        throw InputError("line " + std::to_string(line) + ", column " + std::to_string(column),
                         "invalid JSON: " + reason);
    } catch (const Json::exception& e) {
        // Not a syntax error but still unreadable: a number beyond a double (found by
        // fuzzing: "1E0645"), nesting too deep. nlohmann gives no position for these.
        std::string what = e.what();
        auto bracket = what.find("] ");
        throw InputError("", "invalid JSON: " + (bracket == std::string::npos ? what : what.substr(bracket + 2)));
    }
}

namespace {

// The code unit of a "\uXXXX" escape at text[i] (the backslash), or -1.
long escapeAt(std::string_view text, std::size_t i) {
    if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') return -1;
    long v = 0;
    for (std::size_t k = 2; k < 6; ++k) {
        int h = hexDigitValue(text[i + k]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

std::string lineColumn(std::string_view text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

std::optional<std::string> replaceLoneSurrogateEscapes(std::string_view text, Diagnostics& diags) {
    std::optional<std::string> out;
    std::size_t found = 0;
    for (std::size_t i = text.find('\\'); i != std::string_view::npos && i < text.size(); i = text.find('\\', i)) {
        long unit = escapeAt(text, i);
        if (unit < 0xD800 || unit > 0xDFFF) {
            i += 2;  // any other escape, "\\" included: its two characters
            continue;
        }
        if (unit <= 0xDBFF) {
            long low = escapeAt(text, i + 6);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                i += 12;  // a pair: one character
                continue;
            }
        }
        if (!out) out.emplace(text);
        out->replace(i, 6, "\\ufffd");  // the same length: lines and columns stay
        if (++found <= kTextWarnings) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "%04lX", unit);
            diags.warn(lineColumn(text, i),
                       std::string("\\u") + buf + " (" +
                           (unit <= 0xDBFF ? "the first half of a surrogate pair with no second half"
                                           : "the second half of a surrogate pair with no first half") +
                           ") replaced with U+FFFD");
        }
        i += 6;
    }
    if (found > kTextWarnings)
        diags.warn("", std::to_string(found - kTextWarnings) + " more lone surrogate escapes replaced with U+FFFD");
    return out;
}

void cleanJsonText(Json& root, Diagnostics& diags) {
    // Iterative: a document nested 100,000 deep must not overflow the stack.
    struct Frame {
        Json* node;
        Json::iterator it;
        std::size_t index;
    };
    std::size_t cleaned = 0;
    // The path of the value each frame's iterator is at: "/talks/12/title".
    auto visit = [&](Json& value, const std::vector<Frame>& stack) {
        TextCleaning c = cleanText(value.get_ref<std::string&>());
        if (!c.changed() || ++cleaned > kTextWarnings) return;
        std::string path;
        for (const Frame& f : stack)
            path += "/" + (f.node->is_object() ? pointerToken(f.it.key()) : std::to_string(f.index));
        diags.warn(path.empty() ? "/" : path, c.describe());
    };
    std::vector<Frame> stack;
    if (root.is_string()) visit(root, stack);
    if (root.is_structured()) stack.push_back({&root, root.begin(), 0});
    while (!stack.empty()) {
        if (stack.back().it == stack.back().node->end()) {
            stack.pop_back();
            if (!stack.empty()) {
                ++stack.back().it;
                ++stack.back().index;
            }
            continue;
        }
        Json& child = *stack.back().it;
        if (child.is_structured()) {
            stack.push_back({&child, child.begin(), 0});
            continue;
        }
        if (child.is_string()) visit(child, stack);
        ++stack.back().it;
        ++stack.back().index;
    }
    if (cleaned > kTextWarnings)
        diags.warn("", std::to_string(cleaned - kTextWarnings) + " more strings had characters replaced or removed");
}

Json parseJsonDocument(std::string_view text, Diagnostics& diags) {
    std::optional<std::string> fixed = replaceLoneSurrogateEscapes(text, diags);
    Json root = parseJsonText(fixed ? std::string_view(*fixed) : text);
    cleanJsonText(root, diags);
    return root;
}

ObjectReader::ObjectReader(const Json& value, std::string path, Diagnostics& diags)
    : value_(value), path_(std::move(path)), diags_(diags) {
    if (!value_.is_object())
        throw InputError(path_.empty() ? "/" : path_, "expected an object, found " + std::string(jsonTypeName(value_)));
}

const Json* ObjectReader::find(std::string_view key) {
    known_.emplace_back(key);
    auto it = value_.find(key);
    if (it == value_.end() || it->is_null()) return nullptr;
    return &*it;
}

std::string ObjectReader::string(std::string_view key, std::string fallback) {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_string()) throw InputError(pathOf(key), "expected a string, found " + std::string(jsonTypeName(*v)));
    return v->get<std::string>();
}

std::string ObjectReader::requiredString(std::string_view key, std::string_view what) {
    const Json* v = find(key);
    if (!v) throw InputError(pathOf(key), "missing: " + std::string(what));
    if (!v->is_string() || v->get_ref<const std::string&>().empty())
        throw InputError(pathOf(key),
                         "expected " + std::string(what) + ", found " +
                             (v->is_string() ? std::string("an empty string") : std::string(jsonTypeName(*v))));
    return v->get<std::string>();
}

std::optional<double> ObjectReader::number(std::string_view key) {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number()) throw InputError(pathOf(key), "expected a number, found " + std::string(jsonTypeName(*v)));
    return v->get<double>();
}

namespace {

std::string numberText(double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::string rangeText(const std::string& from, const std::string& to, std::string_view unit) {
    return "from " + from + " to " + to + (unit.empty() ? std::string() : " " + std::string(unit));
}

}  // namespace

std::optional<double> ObjectReader::numberIn(std::string_view key, double min, double max, std::string_view unit) {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number()) throw InputError(pathOf(key), "expected a number, found " + std::string(jsonTypeName(*v)));
    double d = v->get<double>();
    if (!(d >= min && d <= max))  // also false for NaN
        throw InputError(pathOf(key), "expected a number " + rangeText(numberText(min), numberText(max), unit) +
                                          ", found " + excerpt(v->dump(), 40));
    return d;
}

std::optional<long long> ObjectReader::integerIn(std::string_view key, long long min, long long max,
                                                 std::string_view unit) {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number()) throw InputError(pathOf(key), "expected a number, found " + std::string(jsonTypeName(*v)));
    auto fail = [&] {
        return InputError(pathOf(key), "expected a whole number " +
                                           rangeText(std::to_string(min), std::to_string(max), unit) + ", found " +
                                           excerpt(v->dump(), 40));
    };
    // Compared in the value's own type: no conversion happens before the range is known.
    if (v->is_number_unsigned()) {
        auto u = v->get<std::uint64_t>();
        if (max < 0 || u > static_cast<std::uint64_t>(max) || (min > 0 && u < static_cast<std::uint64_t>(min)))
            throw fail();
        return static_cast<long long>(u);
    }
    if (v->is_number_integer()) {
        auto i = v->get<std::int64_t>();
        if (i < min || i > max) throw fail();
        return static_cast<long long>(i);
    }
    double d = v->get<double>();
    if (!(d >= static_cast<double>(min) && d <= static_cast<double>(max)) || std::floor(d) != d) throw fail();
    return static_cast<long long>(d);
}

std::optional<bool> ObjectReader::boolean(std::string_view key) {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_boolean())
        throw InputError(pathOf(key), "expected true or false, found " + std::string(jsonTypeName(*v)));
    return v->get<bool>();
}

std::vector<std::string> ObjectReader::stringList(std::string_view key) {
    const Json* v = find(key);
    std::vector<std::string> out;
    if (!v) return out;
    if (v->is_string()) {
        out.push_back(v->get<std::string>());
        return out;
    }
    if (!v->is_array())
        throw InputError(pathOf(key), "expected a list of strings, found " + std::string(jsonTypeName(*v)));
    for (std::size_t i = 0; i < v->size(); ++i) {
        const Json& item = (*v)[i];
        if (!item.is_string())
            throw InputError(pathOf(key) + "/" + std::to_string(i),
                             "expected a string, found " + std::string(jsonTypeName(item)));
        out.push_back(item.get<std::string>());
    }
    return out;
}

const Json::array_t& ObjectReader::array(std::string_view key) {
    static const Json::array_t empty;
    const Json* v = find(key);
    if (!v) return empty;
    if (!v->is_array()) throw InputError(pathOf(key), "expected a list, found " + std::string(jsonTypeName(*v)));
    return v->get_ref<const Json::array_t&>();
}

void ObjectReader::finish() {
    for (auto it = value_.begin(); it != value_.end(); ++it) {
        if (std::find(known_.begin(), known_.end(), it.key()) == known_.end())
            diags_.warn(path_ + "/" + pointerToken(it.key()), "unknown key \"" + excerpt(it.key()) + "\" ignored");
    }
}

}  // namespace hallboard
