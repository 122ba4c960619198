// The command line's modules reach the C library through this module, never by importing it
// themselves: which modules make raw system calls is then one dependency in Package.swift,
// which no library product has (a test checks that no other module imports Glibc).
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
