// Pilothouse's own words in the records the views show — a journey stage's detail, a step of the
// API server's trace (sim::Phrase) — in the user's language. Plain data (an IP, an image) and
// Kubernetes' own texts (errors, the FailedScheduling message) stay as they are. In English they
// read as sim::english writes them for pilothousectl, the JSON export and the logs.
#pragma once

#include <QString>

#include <vector>

#include "sim/journey.h"
#include "sim/phrase.h"

namespace pilothouse::ui::i18n {

QString phraseText(const sim::Phrase& phrase);  // "user alice (groups: dev)", "set priority=0"
QString phrasesText(const std::vector<sim::Phrase>& phrases);  // ", "-separated
// A stage's name in the user's language: the API server's stages (apiserver/trace.h) and the
// journey's (sim/journey.h); a plugin after ": " ("mutating admission: Priority") keeps its name.
QString stageName(const std::string& stage);
// A journey stage's detail as the views show it: its phrases, else the detail as it is.
QString stageDetail(const sim::JourneyStage& stage);

}  // namespace pilothouse::ui::i18n
