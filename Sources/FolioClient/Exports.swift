// FileDigest was FolioClient's before it became a leaf that the compiler and the outputs
// share without the client: apps that use it through `import FolioClient` still find it.
@_exported import FolioDigest
