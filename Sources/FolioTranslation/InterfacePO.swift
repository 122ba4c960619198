import FolioGettext
import FolioInterface

/// The interface's messages as a PO file for a translator, and back.
///
/// Each message is one entry, its key as the context (`quiz.check`) and English as the
/// original. A plural message is one entry per plural form the target language has, the
/// form named in the context (`deck.due[one]`), the original English's form of the same
/// name or its `other`: CLDR's categories rather than gettext's numbered forms, so a
/// catalogue and its PO file say the same thing in the same words.
public enum InterfacePO {
    /// The PO file for translating the interface into `language`, its translations taken
    /// from `translated` (Folio's catalogue for the language with the program's over it;
    /// nil for a language neither has, whose entries are then empty).
    public static func file(language: String, translated: InterfaceCatalogue?, project: String) -> POFile {
        let english = InterfaceCatalogue.english
        let categories = PluralRules(language: language).categories
        var entries: [POEntry] = []
        for key in english.messages.keys.sorted() {
            switch english.messages[key]! {
            case .text(let source):
                var translation = ""
                if case .text(let text)? = translated?.messages[key] { translation = text }
                entries.append(POEntry(context: key, source: source, translation: translation))
            case .plural(let sources):
                let forms: [PluralCategory: String]
                if case .plural(let translatedForms)? = translated?.messages[key] { forms = translatedForms } else { forms = [:] }
                for category in categories {
                    entries.append(
                        POEntry(
                            context: "\(key)[\(category.rawValue)]", source: sources[category] ?? sources[.other] ?? "",
                            translation: forms[category] ?? "",
                            notes: category == .other
                                ? "The form for every count no other form covers; {count} is the number."
                                : "The form for counts in CLDR's plural category \"\(category.rawValue)\"; {count} is the number. Left empty, the \"other\" form is used."
                        ))
                }
            }
        }
        return POFile(header: header(language: language, project: project), entries: entries)
    }

    /// The messages a translated PO file gives, by key; an untranslated entry gives none,
    /// and a plural message needs its `other` form.
    public static func messages(from file: POFile) -> [String: InterfaceMessage] {
        var texts: [String: InterfaceMessage] = [:]
        var plurals: [String: [PluralCategory: String]] = [:]
        for entry in file.entries where !entry.translation.isEmpty {
            guard let context = entry.context else { continue }
            if context.hasSuffix("]"), let open = context.lastIndex(of: "["),
                let category = PluralCategory(rawValue: String(context[context.index(after: open)..<context.index(before: context.endIndex)]))
            {
                plurals[String(context[..<open]), default: [:]][category] = entry.translation
            } else {
                texts[context] = .text(entry.translation)
            }
        }
        for (key, forms) in plurals where forms[.other] != nil { texts[key] = .plural(forms) }
        return texts
    }

    static func header(language: String, project: String) -> [(name: String, value: String)] {
        [
            ("Project-Id-Version", project), ("Language", language), ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"), ("Content-Transfer-Encoding", "8bit"),
        ]
    }
}
