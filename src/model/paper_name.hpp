// The name a paper's abstract gives its system, for a talk listed without a title
// (award pages often name no paper): "Our system, Pathways, is ..." gives "Pathways".
// Found only where the abstract says it plainly; never made up.
#pragma once

#include <string>
#include <string_view>

namespace hallboard {

// The system's name when the abstract introduces one in a way that leaves no doubt,
// strongest first:
//   "Our system, X, ..."  "our framework, X: ..."
//   "we present X, a ...", "We introduce X:", "we propose X (...)", "developed X, a ..."
//   "called X", "named X", "dubbed X"
//   "X is a ..." as the abstract's first words
//   a distinctive name (mixed case: "ML-EXray", "QuadraLib") that opens a sentence and
//   recurs at least three times
// and only when the candidate looks like a name: one to three capitalised words, a
// camel-case word or an acronym, not a common word ("This", "We", "Deep"). A run of
// capitalised words followed by an acronym in brackets gives the acronym:
// "Random Offset Block Embedding Array (ROBE)" gives "ROBE". Empty otherwise.
std::string systemNameFromAbstract(std::string_view abstract);

}  // namespace hallboard
