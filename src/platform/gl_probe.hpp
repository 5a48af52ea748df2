// Which OpenGL driver the display offers, asked in a child process so that the kiosk
// itself never maps Mesa: a software rasteriser (llvmpipe, softpipe, swrast) draws the
// kiosk's frames slower and with more memory than SDL's software renderer, so the kiosk
// uses that instead when the GPU path would land on one.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace hallboard::platform {

struct GlProbe {
    enum class Outcome {
        hardware,  // a GPU driver: use SDL's accelerated renderer
        software,  // a software rasteriser: use SDL's software renderer instead
        none,      // no OpenGL context could be made (the child says why)
        failed,    // the child crashed, hung past the timeout or could not start
    };
    Outcome outcome = Outcome::failed;
    std::string renderer;  // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" or "V3D 4.2"
    std::string error;
    bool gles = false;  // the context was OpenGL ES 2 (asked first), not desktop OpenGL
};

// True for the GL_RENDERER strings of Mesa's and others' CPU rasterisers.
bool isSoftwareRasteriser(std::string_view glRenderer);

// Forks a child that opens SDL's video (the same driver the kiosk would use), makes a
// hidden OpenGL window and context (OpenGL ES 2 first, then desktop OpenGL), reads
// GL_RENDERER and exits. Call it before the
// kiosk starts threads of its own. The child is killed after `timeout`.
GlProbe probeGl(std::chrono::milliseconds timeout);

}  // namespace hallboard::platform
