# perflab import / translate: what of a published report the study could not hold.
import-lost-free-text = not imported (free text): { $subject }
import-lost-image = not imported (an image; charts are drawn again): { $subject }
import-lost-served-model = `{ $subject }` serves { $value }, not the study's model; kept in its label
import-lost-assumed-profile = `{ $subject }` names no profile; assumed `{ $value }`
import-lost-assumed-command = the report shows no serving command for { $subject }; assumed `{ $value }`
import-lost-unknown-profile = `{ $subject }` is not among the report's profiles; its dataset parameters are unknown
import-lost-no-model = the report names no model (no Model section, `Model:` line or `--model` of a command); the study's model is empty
# Free text perflab cannot translate, kept in the report's language.
import-untranslated = [not translated] { $text }
import-title-throughput = Optimizing { $model } Throughput
import-title-throughput-on = Optimizing { $model } Throughput on { $hardware }
# Joins the terms of an experiment title made of several options.
import-title-and = { " && " }
