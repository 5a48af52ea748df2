// See emergency.hpp.
#include "model/emergency.hpp"

#include "base/text.hpp"

namespace hallboard {

namespace {

constexpr const char* kShownAnyway = "; the takeover shows all the same";

// At most `max` bytes, cut between characters (never inside one's UTF-8 bytes).
std::string truncateUtf8(std::string text, std::size_t max) {
    if (text.size() <= max) return text;
    std::size_t end = max;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    text.resize(end);
    return text;
}

struct Reader {
    const Json& object;
    const std::string& file;
    std::vector<Diagnostic>& diagnostics;

    void error(const std::string& where, const std::string& message) const {
        diagnostics.push_back({Severity::error, file, where, message + kShownAnyway});
    }
    // A string field: none when absent or null; an error (and none) for another type.
    std::optional<std::string> string(const char* key) const {
        auto found = object.find(key);
        if (found == object.end() || found->is_null()) return std::nullopt;
        if (!found->is_string()) {
            error(std::string("/emergency/") + key, "expected a string, found " + std::string(jsonTypeName(*found)));
            return std::nullopt;
        }
        return trim(found->get<std::string>());
    }
    // Words for visitors, cut (between characters) at `max` bytes with an error.
    std::string words(const char* key, std::size_t max) const {
        std::string text = string(key).value_or("");
        if (text.size() > max) {
            error(std::string("/emergency/") + key, std::to_string(text.size()) + " bytes, more than the " +
                                                        std::to_string(max) + " a screen can show; cut there");
            text = truncateUtf8(text, max);
        }
        return text;
    }
};

EmergencyKind kindOf(const Reader& r) {
    std::string kind = r.string("kind").value_or("");
    if (kind == "evacuate") return EmergencyKind::evacuate;
    if (kind == "shelter") return EmergencyKind::shelter;
    if (kind == "notice") return EmergencyKind::notice;
    r.error("/emergency/kind", (kind.empty() ? std::string("missing") : "unknown kind \"" + excerpt(kind) + "\"") +
                                   ": expected \"evacuate\", \"shelter\" or \"notice\"; shown as \"notice\"");
    return EmergencyKind::notice;
}

bool drillOf(const Reader& r) {
    auto found = r.object.find("drill");
    if (found == r.object.end() || found->is_null()) return false;
    if (found->is_boolean()) return found->get<bool>();
    r.error("/emergency/drill", "expected true or false, found " + std::string(jsonTypeName(*found)) +
                                    "; shown as a real emergency, not a drill");
    return false;
}

void unknownKeys(const Reader& r) {
    static constexpr std::string_view kKnown[] = {"title", "text", "kind", "from", "until", "drill", "comment"};
    for (auto it = r.object.begin(); it != r.object.end(); ++it) {
        bool known = false;
        for (std::string_view k : kKnown) known = known || it.key() == k;
        if (!known)
            r.diagnostics.push_back({Severity::warning, r.file, "/emergency/" + pointerToken(it.key()),
                                     "unknown key \"" + excerpt(it.key()) + "\" (ignored)"});
    }
}

// A wall time of the entry, resolved; an error (and an open end) when it is no time.
std::optional<Instant> instantOf(const std::string& text, const std::string& where, const TimeZone& zone,
                                 const std::string& file, std::vector<Diagnostic>& diagnostics) {
    if (text.empty()) return std::nullopt;
    std::string year = yearProblem(text);
    auto parsed = year.empty() ? parseTimestamp(text) : std::nullopt;
    if (!parsed) {
        std::string reason = year.empty() ? "expected a time like \"2021-04-06T12:00\" (conference time), found \"" +
                                                excerpt(text) + "\""
                                          : year;
        diagnostics.push_back({Severity::error, file, where, reason + "; left open" + kShownAnyway});
        return std::nullopt;
    }
    return resolve(*parsed, zone);
}

}  // namespace

std::string_view toString(EmergencyKind kind) {
    switch (kind) {
    case EmergencyKind::evacuate: return "evacuate";
    case EmergencyKind::shelter: return "shelter";
    case EmergencyKind::notice:
    default: return "notice";
    }
}

std::optional<EmergencyEntry> readEmergency(const Json& value, const std::string& fileName,
                                            std::vector<Diagnostic>& diagnostics) {
    if (value.is_null()) return std::nullopt;
    EmergencyEntry e;
    if (!value.is_object()) {
        diagnostics.push_back({Severity::error, fileName, "/emergency",
                               "expected an object {\"title\", \"text\", \"kind\", ...}, found " +
                                   std::string(jsonTypeName(value)) + "; shown as a notice" + kShownAnyway});
        if (value.is_string()) e.text = truncateUtf8(trim(value.get<std::string>()), kMaxEmergencyText);
        return e;
    }
    Reader r{value, fileName, diagnostics};
    e.title = r.words("title", kMaxEmergencyTitle);
    e.text = r.words("text", kMaxEmergencyText);
    e.kind = kindOf(r);
    e.drill = drillOf(r);
    e.from = r.string("from").value_or("");
    e.until = r.string("until").value_or("");
    unknownKeys(r);
    return e;
}

Emergency resolveEmergency(const EmergencyEntry& entry, const TimeZone& zone, const std::string& fileName,
                           std::vector<Diagnostic>& diagnostics) {
    Emergency e{entry.title, entry.text, entry.kind, entry.drill, {}, {}};
    e.from = instantOf(entry.from, entry.where + "/from", zone, fileName, diagnostics);
    e.until = instantOf(entry.until, entry.where + "/until", zone, fileName, diagnostics);
    if (e.from && e.until && *e.until <= *e.from) {
        diagnostics.push_back(
            {Severity::error, fileName, entry.where + "/until",
             "\"until\" (" + entry.until + ") is not after \"from\" (" + entry.from + "); left open" + kShownAnyway});
        e.until.reset();
    }
    return e;
}

const Emergency* activeEmergency(const std::optional<Emergency>& emergency, Instant t) {
    return emergency && emergency->activeAt(t) ? &*emergency : nullptr;
}

std::optional<Instant> nextEmergencyChange(const std::optional<Emergency>& emergency, Instant t) {
    if (!emergency) return std::nullopt;
    std::optional<Instant> next;
    for (const auto& edge : {emergency->from, emergency->until})
        if (edge && *edge > t && (!next || *edge < *next)) next = edge;
    return next;
}

}  // namespace hallboard
