#include "CGettextPO.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

// libgettextpo's error handler carries no context pointer and must not return from a fatal
// error: the problem goes to a per-thread slot, and a fatal one jumps back to the caller.
static _Thread_local folio_po_problem *current_problem;
static _Thread_local jmp_buf *current_escape;

static void record(int severity, po_message_t message, const char *filename, size_t line, size_t column, int multiline,
                   const char *text) {
    (void)message;
    (void)filename;
    (void)multiline;
    if (severity != PO_SEVERITY_WARNING && current_problem && !current_problem->found) {
        snprintf(current_problem->message, sizeof current_problem->message, "%s", text ? text : "unreadable");
        size_t length = strlen(current_problem->message);
        while (length > 0 && current_problem->message[length - 1] == '\n') current_problem->message[--length] = 0;
        current_problem->line = line == (size_t)-1 ? 0 : line;
        current_problem->column = column == (size_t)-1 ? 0 : column;
        current_problem->found = 1;
    }
    if (severity == PO_SEVERITY_FATAL_ERROR && current_escape) longjmp(*current_escape, 1);
}

static void record_two(int severity, po_message_t message1, const char *filename1, size_t line1, size_t column1,
                       int multiline1, const char *text1, po_message_t message2, const char *filename2, size_t line2,
                       size_t column2, int multiline2, const char *text2) {
    (void)message2;
    (void)filename2;
    (void)line2;
    (void)column2;
    (void)multiline2;
    (void)text2;
    record(severity, message1, filename1, line1, column1, multiline1, text1);
}

static const struct po_xerror_handler handler = {record, record_two};

po_file_t folio_po_read(const char *path, folio_po_problem *problem) {
    memset(problem, 0, sizeof *problem);
    jmp_buf escape;
    current_problem = problem;
    current_escape = &escape;
    po_file_t file = NULL;
    if (setjmp(escape) == 0) file = po_file_read(path, &handler);
    current_problem = NULL;
    current_escape = NULL;
    if (problem->found && file) {
        po_file_free(file);
        file = NULL;
    }
    if (!file && !problem->found) {
        snprintf(problem->message, sizeof problem->message, "cannot read %s", path);
        problem->found = 1;
    }
    return file;
}

int folio_po_write(po_file_t file, const char *path, folio_po_problem *problem) {
    memset(problem, 0, sizeof *problem);
    jmp_buf escape;
    current_problem = problem;
    current_escape = &escape;
    po_file_t written = NULL;
    if (setjmp(escape) == 0) written = po_file_write(file, path, &handler);
    current_problem = NULL;
    current_escape = NULL;
    return written && !problem->found ? 0 : -1;
}
