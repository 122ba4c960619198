/// The site's one stylesheet: readable type, comfortable on a phone, light and dark.
enum SiteStyle {
    static let css = """
        :root {
          --bg: #fffdf9; --text: #1f1d2b; --muted: #5b576b; --accent: #7a2ea0; --accent-soft: #f4e9fa;
          --border: #ddd6e6; --right: #1f6f43; --right-bg: #e6f5ec; --wrong: #9a3412; --wrong-bg: #fdf0e6;
          --card: #ffffff; --focus: #1d4ed8;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #17151f; --text: #f1eef7; --muted: #b9b3c9; --accent: #d9a6f5; --accent-soft: #2c2239;
            --border: #3b3449; --right: #86e0a9; --right-bg: #173325; --wrong: #fdba8c; --wrong-bg: #3a2217;
            --card: #201d2b; --focus: #93c5fd;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--text);
          font: 1.125rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
        a { color: var(--accent); text-underline-offset: 0.15em; }
        a:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: var(--card); padding: 0.5rem 1rem; z-index: 1; }
        .site-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1.5rem;
          padding: 0.75rem max(1rem, calc((100% - 46rem) / 2)); border-bottom: 1px solid var(--border); background: var(--accent-soft); }
        .site-title { font-weight: 800; font-size: 1.25rem; text-decoration: none; color: var(--text); }
        .site-header ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; margin: 0; padding: 0; }
        .site-header a[aria-current] { font-weight: 700; }
        main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
        h1 { font-size: 2rem; line-height: 1.2; margin: 0.5rem 0 1rem; }
        h2 { font-size: 1.45rem; margin-top: 2rem; }
        img, video, iframe { max-width: 100%; }
        img { height: auto; border-radius: 0.5rem; }
        blockquote { margin: 1rem 0; padding: 0.25rem 1rem; border-left: 4px solid var(--accent); background: var(--accent-soft); }
        .muted { color: var(--muted); font-size: 0.95em; }
        .eyebrow { color: var(--muted); text-transform: uppercase; letter-spacing: 0.08em; font-size: 0.85rem; margin: 0; }
        .chapter-list { list-style: none; padding: 0; }
        .chapter-list li { border: 1px solid var(--border); border-radius: 0.75rem; padding: 0.75rem 1rem; margin: 0.75rem 0; background: var(--card); }
        .chapter-list a { font-weight: 700; text-decoration: none; }
        .chapter-list p { margin: 0.25rem 0 0; color: var(--muted); }
        .chapter-number { display: inline-block; min-width: 1.75rem; height: 1.75rem; border-radius: 50%; text-align: center;
          background: var(--accent); color: var(--bg); margin-right: 0.5rem; font-size: 0.95rem; line-height: 1.75rem; }
        .video { margin: 1.5rem 0; }
        .video-frame { position: relative; aspect-ratio: 16 / 9; background: #000; border-radius: 0.5rem; overflow: hidden; }
        .video-frame iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
        .video video { width: 100%; border-radius: 0.5rem; }
        .video figcaption { color: var(--muted); font-size: 0.95rem; margin-top: 0.4rem; }
        .quiz { margin-top: 3rem; padding: 1rem 1.25rem; border: 2px solid var(--accent); border-radius: 1rem; background: var(--card); }
        .quiz h2 { margin-top: 0.25rem; }
        .question { border: 0; margin: 1.75rem 0 0; padding: 0; min-width: 0; }
        .question legend { font-weight: 600; padding: 0; }
        .question-number { display: block; color: var(--muted); font-size: 0.85rem; font-weight: 400; text-transform: uppercase; letter-spacing: 0.06em; }
        .choices { list-style: none; padding: 0; margin: 0.75rem 0; }
        .choice { margin: 0.4rem 0; }
        .choice input { width: 1.25rem; height: 1.25rem; vertical-align: middle; margin: 0 0.5rem 0 0; accent-color: var(--accent); }
        .choice label { cursor: pointer; }
        .response { display: none; margin: 0.35rem 0 0.5rem 1.75rem; padding: 0.5rem 0.75rem; border-radius: 0.5rem; }
        .response p { margin: 0; }
        .response.right { background: var(--right-bg); color: var(--right); }
        .response.wrong { background: var(--wrong-bg); color: var(--wrong); }
        .choice input:checked ~ .response { display: block; }
        .explanation { margin-top: 0.35rem !important; color: var(--text); }
        input[type=text] { font: inherit; padding: 0.35rem 0.5rem; border: 1px solid var(--muted); border-radius: 0.4rem;
          background: var(--bg); color: var(--text); max-width: 100%; }
        details { margin: 0.5rem 0; }
        summary { cursor: pointer; color: var(--accent); }
        .rights-list li { margin: 1rem 0; }
        .right { font-weight: 700; margin: 0; }
        .cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 0.75rem; }
        .card { border: 1px solid var(--border); border-radius: 0.75rem; padding: 1rem; background: var(--card); margin: 0; }
        .card summary { font-weight: 700; color: var(--text); }
        .deck-list li { margin: 0.4rem 0; }
        .chapter-nav { display: flex; justify-content: space-between; gap: 1rem; margin-top: 2.5rem; flex-wrap: wrap; }
        .chapter-nav a { display: block; max-width: 48%; text-decoration: none; font-weight: 600; }
        .chapter-nav .muted { display: block; font-weight: 400; }
        .chapter-nav .next { margin-left: auto; text-align: right; }
        .share a { margin-right: 0.5rem; }
        .site-footer { border-top: 1px solid var(--border); padding: 1rem; text-align: center; color: var(--muted); font-size: 0.95rem; }
        @media (max-width: 30rem) { h1 { font-size: 1.6rem; } .chapter-nav a { max-width: 100%; } }
        @media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }

        """
}
