// C library objects (FreeType, HarfBuzz, fontconfig) owned by unique_ptr with the
// library's own free function, so that every early return frees them and none is freed
// twice:  using FcPatternPtr = CHandle<FcPattern, FcPatternDestroy>;
// Each .cpp names its aliases beside the library's header (this header includes none).
#pragma once

#include <memory>

namespace hallboard::platform {

template <auto Free>
struct CFree {
    template <class T>
    void operator()(T* p) const noexcept {
        if (p) static_cast<void>(Free(p));  // FT_Done_Face's error: nothing to do about it here
    }
};

template <class T, auto Free>
using CHandle = std::unique_ptr<T, CFree<Free>>;

}  // namespace hallboard::platform
