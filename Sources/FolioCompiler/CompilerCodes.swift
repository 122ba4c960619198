import FolioCore

extension DiagnosticCode {
    /// The codes the compiler's rules declare (each beside its rule), for the check that
    /// every code is explained.
    public static let compilerCodes: [DiagnosticCode] = [
        // Load/
        .unknownFileType, .chapterFileEnding, .contentLinkNotFollowed, .contentFolderTooDeep, .mediaActiveContent,
        // Parse/
        .fileEmpty, .unknownField, .missingField, .wrongType, .invalidValue, .invalidID, .settingsMissing, .frontMatterUnclosed, .frontMatterMissing,
        .quizNoQuestions, .quizUnknownType, .quizTrueFalseAnswer, .quizTextAccept, .quizNumberAnswer, .quizFieldNotForType, .quizPassInvalid,
        .quizTimeLimitInvalid, .quizShowAnswersPractice, .deckFrontWithoutBack, .deckEmpty, .deckLineWithoutTab, .programIDMissing,
        .accentNotAColour, .accentLowContrast, .logoNotFound, .logoNotAPicture, .facilitatorTimeInvalid, .facilitatorEmpty, .insightsRandomizeInvalid,
        .insightsURLInvalid,
        // Check/
        .duplicateID, .chapterQuizMissing, .chapterQuizShared, .quizUnused, .chapterOrderShared, .welcomeMissing, .quizSingleCorrectCount,
        .quizMultipleNoCorrect, .quizTooFewChoices, .quizDuplicateChoice, .quizDuplicateQuestionID, .quizDrawTooLarge, .quizDrawInvalid,
        .quizNoHint, .quizDeckMissing,
        .deckTooSmallForChoices, .quizTypeImplied, .quizAcceptLooksLikeList, .quizDuplicateChoiceID, .quizSamePrompt, .deckDuplicateCardID,
        .deckSameFront, .progressDropped,
        .translationWithoutOriginal, .translationItemMissing, .translationItemExtra, .translationAnswerDiffers, .translationSettingDiffers,
        .translationMediaDiffers, .translationOutdated, .translationUnmarked,
        // Resolve/
        .videoTitleMissing, .videoInvalidID, .videoInvalidStart, .videoUnsupportedLink, .videoCaptionsMissing, .videoAddressAsText,
        .linkTargetMissing, .linkOutsideContent, .linkUnsafe, .linkToDraft, .rawHTMLOmitted, .markdownNestingLimit, .imageAltMissing,
        .imageRemote, .videoVimeo, .htmlRemoved, .videoSiteNotPlayed, .headingLevelOne, .headingWithoutSpace, .bulletNotMarkdown,
        .addressHasSpace, .langSpanUnclosed, .langTagInvalid,
    ]
}
