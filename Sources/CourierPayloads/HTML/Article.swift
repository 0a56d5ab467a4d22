/// A news article scraped from its page, the book's HTML example: the `keywords`, `author` and
/// `section` `<meta>` tags of the head and the story paragraphs of the body.
///
/// ```swift
/// let page = HTMLDocument(parsing: html)
/// let article = try Article(scraping: page)
/// print(article.author ?? "unknown", article.paragraphs.count)
/// ```
public struct Article: Hashable, Sendable {
    /// The page's `<title>`.
    public var title: String?
    /// The keywords of `<meta name="keywords">`, split at commas and trimmed.
    public var keywords: [String]
    /// `<meta name="author">`.
    public var author: String?
    /// `<meta name="section">`.
    public var section: String?
    /// The text of each story paragraph, whitespace collapsed.
    public var paragraphs: [String]

    /// Creates an article from its parts (``init(scraping:paragraphSelector:classMatching:)`` reads one from a page).
    public init(
        title: String? = nil, keywords: [String] = [], author: String? = nil, section: String? = nil,
        paragraphs: [String] = []
    ) {
        self.title = title
        self.keywords = keywords
        self.author = author
        self.section = section
        self.paragraphs = paragraphs
    }

    /// The book's paragraph selector: `<p>` elements whose class contains `cnn_storypgraphtxt` (any case).
    public static let storyParagraphSelector = "p.cnn_storypgraphtxt"

    /// Scrapes a page.
    /// - Parameters:
    ///   - paragraphSelector: selects the story paragraphs; classes compare as `classMatching` says
    ///     (a case-insensitive substring by default, as the book's scraper does).
    /// - Throws: ``HTMLSelector/ParseError`` when `paragraphSelector` is not a valid selector.
    public init(
        scraping document: HTMLDocument, paragraphSelector: String = Article.storyParagraphSelector,
        classMatching: HTMLSelector.ClassMatching = .containsIgnoringCase
    ) throws {
        self.title = document.title
        self.keywords = (document.meta(name: "keywords") ?? "").split(separator: ",")
            .map { String($0).collapsingHTMLWhitespace() }.filter { !$0.isEmpty }
        self.author = document.meta(name: "author")?.collapsingHTMLWhitespace()
        self.section = document.meta(name: "section")?.collapsingHTMLWhitespace()
        self.paragraphs = try document.text(of: paragraphSelector, classMatching: classMatching)
    }

    /// The article as the fields of the article-share document (`title`, `author`, `section`,
    /// `keywords` joined with ", ", `text` with paragraphs joined by blank lines), absent fields left out.
    public var shareFields: ArticleShareDocument.Article {
        var fields: [ArticleShareDocument.Field] = []
        if let title { fields.append(.init(key: "title", value: title)) }
        if let author { fields.append(.init(key: "author", value: author)) }
        if let section { fields.append(.init(key: "section", value: section)) }
        if !keywords.isEmpty { fields.append(.init(key: "keywords", value: keywords.joined(separator: ", "))) }
        if !paragraphs.isEmpty { fields.append(.init(key: "text", value: paragraphs.joined(separator: "\n\n"))) }
        return ArticleShareDocument.Article(fields: fields)
    }
}
