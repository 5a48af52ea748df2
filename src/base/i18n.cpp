// See i18n.hpp.
#include "base/i18n.hpp"
#include "base/language_scope.hpp"

#include <libintl.h>

#include <unicode/dtptngen.h>
#include <unicode/locid.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>

#include <array>
#include <cctype>
#include <clocale>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

// glibc's counter of loaded catalogues: bumping it makes gettext forget the messages it
// looked up under the previous LANGUAGE (the gettext manual's way to change language).
extern "C" int _nl_msg_cat_cntr;

namespace hallboard {

namespace {

constexpr const char* kDomain = "hallboard";
constexpr std::array<std::string_view, 4> kShipped{"en", "de", "fr", "es"};

// The one piece of process-wide state outside glibc's own: which language glibc was
// told, and ICU date formatters made for it (building one costs about a millisecond, and
// a screen formats dozens of times). Everything behind one mutex.
struct State {
    std::mutex mutex;
    std::string dir;
    std::string tag = "en";
    ClockFormat clock = ClockFormat::localeDefault;
    bool told = false;  // glibc was told about `dir` and `tag`
    std::map<std::pair<std::string, std::string>, std::unique_ptr<icu::SimpleDateFormat>> formats;
};

State& state() {
    static State s;  // NOLINT: see State
    return s;
}

std::string_view primaryOf(std::string_view tag) {
    return tag.substr(0, tag.find('-'));
}

bool alnum(std::string_view s) {
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    return true;
}

// "de-AT" -> "de_AT:de", the LANGUAGE list that tries the region first.
std::string gettextName(std::string_view tag) {
    std::string_view primary = primaryOf(tag);
    std::string out(primary);
    if (tag.size() > primary.size()) {
        std::string_view rest = tag.substr(primary.size() + 1);
        std::string_view region = rest.substr(0, rest.find('-'));
        if (region.size() == 2) {
            out += '_';
            for (char c : region) out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            out += ':' + std::string(primary);
        }
    }
    return out;
}

// Plain English as before: "en" alone keeps base/time.hpp's forms.
bool plainEnglish(std::string_view tag) {
    return tag.empty() || tag == "en";
}

// `skeleton` formatted in `tag` for a UTC calendar reading (ICU in UTC, so no zone
// arithmetic happens twice). Caller holds the mutex.
std::string formatLocked(State& s, const std::string& tag, const char* skeleton, double utcMillis) {
    auto key = std::make_pair(tag, std::string(skeleton));
    auto it = s.formats.find(key);
    if (it == s.formats.end()) {
        UErrorCode status = U_ZERO_ERROR;
        icu::Locale locale = icu::Locale::forLanguageTag(tag, status);
        if (U_FAILURE(status)) locale = icu::Locale::getEnglish();
        status = U_ZERO_ERROR;
        std::unique_ptr<icu::DateTimePatternGenerator> generator(
            icu::DateTimePatternGenerator::createInstance(locale, status));
        if (U_FAILURE(status) || !generator) return {};
        icu::UnicodeString pattern = generator->getBestPattern(icu::UnicodeString::fromUTF8(skeleton), status);
        if (U_FAILURE(status)) return {};
        auto format = std::make_unique<icu::SimpleDateFormat>(pattern, locale, status);
        if (U_FAILURE(status)) return {};
        format->adoptTimeZone(icu::TimeZone::getGMT()->clone());
        it = s.formats.emplace(key, std::move(format)).first;
    }
    icu::UnicodeString out;
    it->second->format(utcMillis, out);
    std::string text;
    out.toUTF8String(text);
    return text;
}

double millisOf(LocalDay day, int hour = 0, int minute = 0) {
    return (static_cast<double>(day.time_since_epoch().count()) * 86400.0 + hour * 3600.0 + minute * 60.0) * 1000.0;
}

const char* clockSkeleton(const std::string& tag, ClockFormat clock) {
    if (clock == ClockFormat::h24) return "Hm";
    if (clock == ClockFormat::h12) return "hm";
    return plainEnglish(tag) ? "Hm" : "jm";  // j: the locale's own hour cycle
}

std::string clockIn(State& s, const std::string& tag, ClockFormat clock, int hour, int minute) {
    if (plainEnglish(tag) && clock != ClockFormat::h12) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%02d:%02d", hour, minute);
        return buf;
    }
    std::string text =
        formatLocked(s, tag.empty() ? "en" : tag, clockSkeleton(tag, clock), millisOf(LocalDay{}, hour, minute));
    return text.empty() ? std::to_string(hour) + ":" + (minute < 10 ? "0" : "") + std::to_string(minute) : text;
}

}  // namespace

bool isShippedLanguage(std::string_view primary) {
    for (auto lang : kShipped)
        if (lang == primary) return true;
    return false;
}

std::optional<std::string> languageProblem(std::string_view tag) {
    std::string shown(tag.substr(0, 40));
    if (tag.empty() || tag.size() > 35)
        return "expected a BCP 47 language tag such as \"de\" or \"fr-CA\", found \"" + shown + "\"";
    std::size_t start = 0;
    bool first = true;
    while (start <= tag.size()) {
        std::size_t end = tag.find('-', start);
        if (end == std::string_view::npos) end = tag.size();
        std::string_view part = tag.substr(start, end - start);
        bool ok = first ? part.size() >= 2 && part.size() <= 3 && alnum(part)
                        : !part.empty() && part.size() <= 8 && alnum(part);
        if (!ok) return "expected a BCP 47 language tag such as \"de\" or \"fr-CA\", found \"" + shown + "\"";
        first = false;
        start = end + 1;
    }
    if (!isShippedLanguage(primaryOf(tag)))
        return "no messages for \"" + shown + "\"; the kiosk speaks en, de, fr and es (a region may follow: \"de-AT\")";
    return std::nullopt;
}

namespace {

// gettext told the language in use and where its catalogues are. gettext reads LANGUAGE
// only when the messages locale is not plain C; C.UTF-8 is built into glibc, so this
// works in a container with no other locale.
void bindLanguage(const State& s) {
    std::setlocale(LC_MESSAGES, "C.UTF-8");
    if (!s.dir.empty()) bindtextdomain(kDomain, s.dir.c_str());
    bind_textdomain_codeset(kDomain, "UTF-8");
    ::setenv("LANGUAGE", gettextName(s.tag).c_str(), 1);
    ++_nl_msg_cat_cntr;
}

}  // namespace

void setCatalogueDir(const std::string& dir) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    // LANGUAGE exists from here on (set while the kiosk starts, before its other threads):
    // a later change of language then replaces its value in place, where adding it could
    // move the environment under another thread's getenv.
    ::setenv("LANGUAGE", gettextName(s.tag).c_str(), 1);
    if (dir == s.dir) return;
    s.dir = dir;
    // A language already in use takes its messages from here at once: the language is
    // set once per session, not again at every frame.
    if (s.told) bindLanguage(s);
}

void useLanguage(const std::string& tag, ClockFormat clock) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    std::string wanted = tag.empty() ? "en" : tag;
    if (s.told && wanted == s.tag && clock == s.clock) return;
    s.tag = wanted;
    s.clock = clock;
    s.told = true;
    bindLanguage(s);
}

std::string currentLanguage() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.tag;
}

LanguageScope::LanguageScope() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    tag_ = s.tag;
    clock_ = s.clock;
}

LanguageScope::~LanguageScope() {
    bool changed = false;
    {
        State& s = state();
        std::lock_guard lock(s.mutex);
        changed = s.tag != tag_ || s.clock != clock_;
    }
    if (changed) useLanguage(tag_, clock_);
}

const char* tr(const char* msgid) {
    return dgettext(kDomain, msgid);
}

const char* trn(const char* singular, const char* plural, unsigned long n) {
    return dngettext(kDomain, singular, plural, n);
}

const char* trnc(const char* context, const char* singular, const char* plural, unsigned long n) {
    // gettext's key for a message in a context: "context\004msgid".
    std::string key = std::string(context) + '\004' + singular;
    const char* found = dngettext(kDomain, key.c_str(), plural, n);
    if (found == key.c_str()) return singular;  // untranslated: the English, not the key
    return found;
}

std::string trf(const char* format, ...) {
    std::va_list args;
    va_start(args, format);
    std::va_list again;
    va_copy(again, args);
    int size = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string out;
    if (size > 0) {
        out.resize(static_cast<std::size_t>(size) + 1);
        std::vsnprintf(out.data(), out.size(), format, again);
        out.resize(static_cast<std::size_t>(size));
    }
    va_end(again);
    return out;
}

std::string localClock(const TimeZone& zone, Instant t) {
    LocalTime local = zone.toLocal(t);
    auto minutes = date::floor<std::chrono::minutes>(local) - date::floor<date::days>(local);
    int total = static_cast<int>(minutes.count());
    State& s = state();
    std::lock_guard lock(s.mutex);
    return clockIn(s, s.tag, s.clock, total / 60, total % 60);
}

std::string formatClockIn(const std::string& tag, ClockFormat clock, int hour, int minute) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return clockIn(s, tag, clock, hour, minute);
}

std::string formatLongDateIn(const std::string& tag, LocalDay day) {
    if (plainEnglish(tag)) return formatLongDate(day);
    State& s = state();
    std::lock_guard lock(s.mutex);
    std::string text = formatLocked(s, tag, "yMMMMEEEEd", millisOf(day));
    return text.empty() ? formatLongDate(day) : text;
}

std::string formatShortDateIn(const std::string& tag, LocalDay day) {
    if (plainEnglish(tag)) return formatShortDate(day);
    State& s = state();
    std::lock_guard lock(s.mutex);
    std::string text = formatLocked(s, tag, "MMMEd", millisOf(day));
    return text.empty() ? formatShortDate(day) : text;
}

std::string localLongDate(LocalDay day) {
    return formatLongDateIn(currentLanguage(), day);
}
std::string localShortDate(LocalDay day) {
    return formatShortDateIn(currentLanguage(), day);
}

std::string localDuration(Duration d, bool afterIn) {
    long long minutes = (d.count() + 59) / 60;  // "in 1 min" rather than "in 0 min" for 30 s
    if (d.count() <= 0) minutes = 0;
    if (minutes < 60) return trf(tr("%lld min"), minutes);
    long long hours = minutes / 60;
    if (hours < 48) {
        long long rest = minutes % 60;
        if (rest == 0) return trf(tr("%lld h"), hours);
        return trf(tr("%lld h %02lld min"), hours, rest);
    }
    long long days = hours / 24;
    auto n = static_cast<unsigned long>(days);
    // TRANSLATORS: "in 3 days": the number of days after "in" (German: "in 3 Tagen").
    return trf(afterIn ? trnc("after in", "%lld day", "%lld days", n) : trn("%lld day", "%lld days", n), days);
}

std::string localClockSample() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    // "00:00" for English's 24 h clock, as the columns were measured before languages.
    if (plainEnglish(s.tag) && s.clock != ClockFormat::h12) return "00:00";
    return clockIn(s, s.tag, s.clock, 22, 0);
}

std::string localUpper(std::string_view text) {
    icu::UnicodeString u =
        icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::Locale::forLanguageTag(currentLanguage(), status);
    if (U_FAILURE(status)) locale = icu::Locale::getEnglish();
    u.toUpper(locale);
    std::string out;
    u.toUTF8String(out);
    return out;
}

std::vector<std::string> keyboardLetters(std::string_view tag) {
    std::string_view primary = primaryOf(tag);
    if (primary == "de") return {"ä", "ö", "ü", "ß"};
    if (primary == "fr") return {"é", "è", "ê", "à", "ç", "ù", "â", "î", "ô", "ë", "ï"};
    if (primary == "es") return {"ñ", "á", "é", "í", "ó", "ú", "ü", "¿", "¡"};
    return {};
}

std::vector<std::vector<std::string>> keyboardRowEnds(std::string_view tag) {
    std::string_view primary = primaryOf(tag);
    if (primary == "de") return {{"ü"}, {"ö", "ä"}, {"ß"}};
    if (primary == "es") return {{}, {"ñ"}, {}};
    return {{}, {}, {}};
}

std::vector<std::string> keyboardRows(std::string_view tag) {
    std::string_view primary = primaryOf(tag);
    if (primary == "de") return {"qwertzuiop", "asdfghjkl", "yxcvbnm"};
    if (primary == "fr") return {"azertyuiop", "qsdfghjklm", "wxcvbn"};
    return {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
}

bool rightToLeftLanguage(const std::string& tag) {
    return !tag.empty() && tag.size() < 64 && uloc_isRightToLeft(tag.c_str()) != 0;
}

}  // namespace hallboard
