// libyaml's event parser from Debian's libyaml-dev (scripts/setup.sh installs it): the scenario
// reader's shape guard walks its events before Yams composes a document.
#include <yaml.h>
