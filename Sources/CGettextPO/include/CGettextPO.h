#ifndef FOLIO_CGETTEXTPO_H
#define FOLIO_CGETTEXTPO_H

#include <gettext-po.h>
#include <stddef.h>

/// A problem libgettextpo reported while reading or writing a PO file.
typedef struct {
    char message[1024];
    size_t line;
    size_t column;
    int found;
} folio_po_problem;

/// Reads the PO file at `path`; on failure returns NULL with the first problem in `problem`
/// (libgettextpo reads past problems it can recover from, and reports each).
po_file_t folio_po_read(const char *path, folio_po_problem *problem);

/// Writes `file` to `path`; returns 0, or -1 with the problem in `problem`.
int folio_po_write(po_file_t file, const char *path, folio_po_problem *problem);

#endif
