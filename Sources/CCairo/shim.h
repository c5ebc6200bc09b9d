#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
