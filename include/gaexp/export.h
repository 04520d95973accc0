/* gaexp/export.h — which declarations libgaexp exports (the rest of the library is hidden). */
#ifndef GA_EXPORT_H
#define GA_EXPORT_H

/* The library is compiled with -fvisibility=hidden; the public headers wrap
 * their declarations in these two macros so that exactly the installed API
 * is exported from libgaexp.so. */
#define GAEXP_API_BEGIN _Pragma("GCC visibility push(default)")
#define GAEXP_API_END _Pragma("GCC visibility pop")

#endif
