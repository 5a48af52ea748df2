// See gl_probe.hpp.
#include "platform/gl_probe.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include <SDL.h>

#include "base/files.hpp"
#include "base/text.hpp"

namespace hallboard::platform {

namespace {

constexpr std::size_t kMaxAnswer = 512;
constexpr unsigned kGlRenderer = 0x1F01;  // GL_RENDERER, without including GL headers

// A hidden window and a context of the kind asked for; "<kind> <renderer>" or "" with
// SDL's error in `error`.
std::string tryContext(bool gles, std::string& error) {
    if (gles) {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 2);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    }
    SDL_Window* window = SDL_CreateWindow("hallboard gl probe", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 16,
                                          16, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    SDL_GLContext context = window ? SDL_GL_CreateContext(window) : nullptr;
    using GetString = const unsigned char* (*)(unsigned);
    auto getString = context ? reinterpret_cast<GetString>(SDL_GL_GetProcAddress("glGetString")) : nullptr;
    const unsigned char* name = getString ? getString(kGlRenderer) : nullptr;
    std::string answer;
    if (name)
        answer = std::string(gles ? "gles " : "gl ") + reinterpret_cast<const char*>(name);
    else
        error = *SDL_GetError() ? SDL_GetError() : "no GL_RENDERER";
    if (context) SDL_GL_DeleteContext(context);
    if (window) SDL_DestroyWindow(window);
    return answer;
}

// In the child: one line, "gles <renderer>" (an OpenGL ES 2 context, asked first: what
// a Pi's V3D and VC4 drivers are made for, and what presents on KMS), "gl <renderer>"
// (desktop OpenGL only) or "none <why>", then _exit without running the parent's exit
// handlers. Each try gets a fresh SDL: the GL library is chosen when the first window is.
[[noreturn]] void childProbe(int fd) {
    std::string answer, error;
    for (bool gles : {true, false}) {
        if (SDL_Init(SDL_INIT_VIDEO) != 0) {
            error = SDL_GetError();
            break;
        }
        answer = tryContext(gles, error);
        SDL_Quit();
        if (!answer.empty()) break;
    }
    if (answer.empty()) answer = "none " + error;
    answer.resize(std::min(answer.size(), kMaxAnswer));
    std::replace(answer.begin(), answer.end(), '\n', ' ');
    const char* p = answer.data();
    std::size_t left = answer.size();
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    _exit(0);
}

}  // namespace

bool isSoftwareRasteriser(std::string_view glRenderer) {
    std::string lower(glRenderer);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* name : {"llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader"})
        if (lower.find(name) != std::string::npos) return true;
    return false;
}

namespace {

// The child's answer, read until it closes its end or the deadline passes (`timedOut`).
std::string readAnswer(const FileDescriptor& from, std::chrono::milliseconds timeout, bool& timedOut) {
    std::string answer;
    auto deadline = std::chrono::steady_clock::now() + timeout;
    timedOut = false;
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timedOut = true;
            return answer;
        }
        pollfd p{from.get(), POLLIN, 0};
        int ready = poll(&p, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) {
            timedOut = ready == 0;
            return answer;
        }
        char buffer[256];
        ssize_t n = read(from.get(), buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return answer;  // the child closed its end: done
        answer.append(buffer, static_cast<std::size_t>(n));
        if (answer.size() > kMaxAnswer) return answer;
    }
}

// What the child's answer says: "gl RENDERER", "gles RENDERER" or "none REASON".
GlProbe readProbeAnswer(const std::string& answer) {
    GlProbe probe;
    if (answer.rfind("gl ", 0) == 0 || answer.rfind("gles ", 0) == 0) {
        probe.gles = answer.rfind("gles ", 0) == 0;
        probe.renderer = answer.substr(probe.gles ? 5 : 3);
        probe.outcome = isSoftwareRasteriser(probe.renderer) ? GlProbe::Outcome::software : GlProbe::Outcome::hardware;
    } else if (answer.rfind("none ", 0) == 0) {
        probe.outcome = GlProbe::Outcome::none;
        probe.error = answer.substr(5);
    } else {
        probe.error = "the probe gave no answer";
    }
    return probe;
}

}  // namespace

GlProbe probeGl(std::chrono::milliseconds timeout) {
    GlProbe probe;
    int fds[2];
    if (pipe(fds) != 0) {
        probe.error = std::string("pipe: ") + systemMessage(errno);
        return probe;
    }
    FileDescriptor readEnd(fds[0]), writeEnd(fds[1]);
    pid_t child = fork();
    if (child < 0) {
        probe.error = std::string("fork: ") + systemMessage(errno);
        return probe;
    }
    if (child == 0) {
        readEnd.close();
        childProbe(writeEnd.release());
    }
    writeEnd.close();
    bool timedOut = false;
    std::string answer = readAnswer(readEnd, timeout, timedOut);
    readEnd.close();
    if (timedOut) kill(child, SIGKILL);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (timedOut) {
        probe.error = "the probe did not answer within " + std::to_string(timeout.count()) + " ms";
        return probe;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        probe.error = WIFSIGNALED(status) ? "the probe crashed (signal " + std::to_string(WTERMSIG(status)) + ")"
                                          : "the probe failed";
        return probe;
    }
    return readProbeAnswer(answer);
}

}  // namespace hallboard::platform
