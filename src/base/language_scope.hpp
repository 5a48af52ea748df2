// A language for a while (base/i18n.hpp): what sets it inside a longer process puts back
// the one it found.
#pragma once

#include <string>

#include "base/i18n.hpp"

namespace hallboard {

// The language and clock format in use when it is made, put back when it goes. Whatever
// sets the language for a while inside a longer process holds one: a kiosk loop (its
// sessions' languages) and a command run in-process (cli::run: `hallboard screenshot` from
// the tests, a preview). A German kiosk's loop had left the test process in Spanish after
// its reload, and every later case read Spanish where it expected English.
class LanguageScope {
public:
    LanguageScope();
    ~LanguageScope();
    LanguageScope(const LanguageScope&) = delete;
    LanguageScope& operator=(const LanguageScope&) = delete;

private:
    std::string tag_;
    ClockFormat clock_;
};

}  // namespace hallboard
