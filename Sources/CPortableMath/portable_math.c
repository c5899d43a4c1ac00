// The functions are static inline in include/portable_math.h, so Swift callers inline them.
#include "portable_math.h"
