// Inline Markdown is a module of its own, for the terminal runner, which needs it and no
// other parser; the compiler and the tools that read it through FolioSyntax still find it.
@_exported import FolioInlineMarkdown
