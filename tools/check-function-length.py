#!/usr/bin/env python3
"""No function in src/ is longer than 60 lines (issue 29, item 6), and none takes more
than five parameters (item 5: a Rect, a style or a context object instead).

  tools/check-function-length.py [--limit N] [--exceptions FILE] SOURCE_DIR
  tools/check-function-length.py --parameters [--limit N] [--exceptions FILE] SOURCE_DIR
  tools/check-function-length.py --self-test

Counts the lines of every function body, from the line of its opening brace to the line
of its closing one, in src/**/*.cpp and *.hpp. It reads braces, not C++: comments, string
literals (raw ones too), character literals and preprocessor lines are blanked first; a
brace opens a function when the text before it, back to the last ';', '{' or '}', ends in
a parameter list (with const, noexcept, override, a trailing return type or a
constructor's initialisers after it); namespaces, classes and initialisers are scopes
that may hold functions; everything inside a function (blocks, lambdas, local classes)
counts as that function's. Functions still too long while the work goes on are named in
the exceptions file as `path function` (one per line); an exception that is no longer
needed fails the check too, so the list only shrinks.
"""
import argparse
import os
import re
import sys
import tempfile

def strip(text):
    # blank out comments, string and char literals (keep newlines)
    out = []; i = 0; n = len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2); j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i-1].isalnum() or text[i-1] == '_')):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(')' + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif c in '"\'':
            if c == "'" and i > 0 and text[i-1].isalnum():  # digit separator 1'000
                out.append(' '); i += 1; continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(' ' * (j + 1 - i)); i = j + 1
        else:
            out.append(c); i += 1
    return ''.join(out)

def parameter_count(header, name):
    """The parameters of the list that follows the function's name in `header`."""
    if not name:
        return 0
    i = name.end() - 1  # the '(' after the name
    depth = 0; count = 0; seen = False
    for c in header[i:]:
        if c in '(<[{':
            depth += 1
            if depth == 1:
                continue
        elif c in ')>]}':
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and c == ',':
            count += 1
        elif depth >= 1 and not c.isspace():
            seen = True
    inner = header[i + 1:]
    if not seen or re.match(r'\s*void\s*\)', inner):
        return 0
    return count + 1


def functions(path):
    text = strip(open(path, encoding='utf-8').read())
    # preprocessor lines out
    text = re.sub(r'(?m)^[ \t]*#.*$', lambda m: ' ' * len(m.group(0)), text)
    res = []
    stack = []  # ('scope', pos) | ('func', pos, name) | ('block', pos) | ('init', pos)
    boundary = 0  # where the text before the next brace starts
    for m in re.finditer(r'[{};]', text):
        pos, c = m.start(), m.group(0)
        inside_func = any(k[0] == 'func' for k in stack)
        if inside_func:
            if c == '{':
                stack.append(('block', pos))
            elif c == '}':
                top = stack.pop()
                if top[0] == 'func':
                    start = text.count('\n', 0, top[1]) + 1
                    end = text.count('\n', 0, pos) + 1
                    res.append((end - start + 1, start, top[2], top[3]))
                    boundary = pos + 1
            continue
        if c == ';':
            boundary = pos + 1
            continue
        if c == '}':
            if stack:
                top = stack.pop()
                if top[0] != 'init':
                    boundary = pos + 1
            continue
        h = ' '.join(text[boundary:pos].split())
        if re.search(r'\)\s*:', h) and re.search(r'[\w>]$', h) and not re.search(r'\b(class|struct)\b', h):
            stack.append(('init', pos))  # a member's braces in a constructor's initialisers
            continue
        boundary = pos + 1
        if re.search(r'\b(namespace|class|struct|union|enum)\b[^()]*$', h) or h.startswith('extern') or h.endswith('='):
            stack.append(('scope', pos))
        elif re.search(r'\)\s*(const|noexcept|override|final|mutable|->\s*[\w:<>,\s*&]+)*\s*$', h) or re.search(r'\)\s*:', h):
            name = re.search(r'([~\w:]+(?:operator\s*\S+)?)\s*\(', h)
            stack.append(('func', pos, name.group(1) if name else h[:40], parameter_count(h, name)))
        else:
            stack.append(('scope', pos))
    return res


def long_functions(root, limit, parameters=False):
    """(file, line, name, measure) of every function over `limit`: lines, or parameters."""
    found = []
    src = os.path.join(root, 'src')
    for folder, _, files in sorted(os.walk(src)):
        for f in sorted(files):
            if f.endswith(('.cpp', '.hpp')):
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, root)
                for n, line, name, params in functions(path):
                    measure = params if parameters else n
                    if measure > limit:
                        found.append((rel, line, name, measure))
    return found


def read_exceptions(path):
    allowed = set()
    if path and os.path.exists(path):
        for raw in open(path, encoding='utf-8'):
            raw = raw.split('#', 1)[0].strip()
            if raw:
                file, name = raw.split()
                allowed.add((file, name))
    return allowed


def check(root, limit, exceptions, parameters=False):
    allowed = read_exceptions(exceptions)
    unit = 'parameters' if parameters else 'lines'
    status = 0
    seen = set()
    for rel, line, name, n in long_functions(root, limit, parameters):
        seen.add((rel, name))
        if (rel, name) not in allowed:
            what = f'takes {n} parameters' if parameters else f'is {n} lines long'
            print(f'{rel}:{line}: {name} {what} (at most {limit})')
            status = 1
    for rel, name in sorted(allowed - seen):
        print(f'{exceptions}: {rel} {name} is no longer over {limit} {unit}: remove it from the list')
        status = 1
    return status


def self_test():
    body = lambda n: ''.join(f'    x += {i};\n' for i in range(n - 2))
    text = ('// a { in a comment\n'
            'namespace a::b {\n'
            'namespace {\n'
            'struct S {\n'
            '    int inside() const { return 1; }\n'
            '    S() : v{1} {\n' + body(61) + '    }\n'
            '    int v;\n'
            '};\n'
            'const char* s = "}}}";\n'
            'const auto raw = R"x({{{)x";\n'
            '}  // namespace\n'
            'int sixty(int x) {\n' + body(60) + '}\n'
            'int sixtyOne(int x) noexcept {\n' + body(61) + '}\n'
            'auto withLambda(int x) -> int {\n'
            '    auto f = [&](int y) {\n' + body(59) + '    };\n'
            '    return f(x);\n'
            '}\n'
            'void wide(std::map<int, int> m, int (*f)(int, int), int c = g(1, 2), Rect r, Font f, int z) {}\n'
            'void five(int a, int b, int c, int d, int e) const override {}\n'
            'void none(void) {}\n'
            '}  // namespace a::b\n')
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, 'src', 'base'))
        with open(os.path.join(d, 'src', 'base', 'x.cpp'), 'w') as f:
            f.write(text)
        got = sorted((name, n) for _, _, name, n in long_functions(d, 60))
        want = [('S', 61), ('sixtyOne', 61), ('withLambda', 62)]
        if got != want:
            print(f'self-test: found {got}, expected {want}')
            return 1
        got = sorted((name, n) for _, _, name, n in long_functions(d, 5, parameters=True))
        if got != [('wide', 6)]:
            print(f'self-test: found {got} over five parameters, expected wide (6)')
            return 1
        ex = os.path.join(d, 'exceptions.txt')
        with open(ex, 'w') as f:
            f.write('src/base/x.cpp S\nsrc/base/x.cpp sixtyOne\nsrc/base/x.cpp withLambda\n')
        if check(d, 60, ex) != 0:
            return 1
        with open(ex, 'a') as f:
            f.write('src/base/x.cpp sixty\n')
        if check(d, 60, ex) != 1:
            print('self-test: a stale exception was not reported')
            return 1
    print('self-test passed')
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('root', nargs='?')
    ap.add_argument('--limit', type=int)
    ap.add_argument('--parameters', action='store_true', help='count parameters, not lines')
    ap.add_argument('--exceptions')
    ap.add_argument('--self-test', action='store_true')
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    limit = a.limit if a.limit is not None else (5 if a.parameters else 60)
    return check(a.root, limit, a.exceptions, a.parameters)


if __name__ == '__main__':
    sys.exit(main())
