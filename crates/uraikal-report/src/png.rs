//! PNG copies of the report's charts for papers (feature `png`): the same SVG the report inlines, rendered
//! by resvg with the system's fonts, at twice its size.
//!
//! Fonts: a label is set in the first family of the charts' list ([`crate::html::FONTS`]: DejaVu Sans for
//! Latin, then the Tamil families) that the system has, and each character that face lacks in the next family
//! of the same list that has the face's weight and style (usvg's own fallback takes the first face of any
//! style that has the character, which drew Latin labels in a bold italic face). See docs/report.md.
//!
//! ```
//! let renderer = uraikal_report::PngRenderer::new();
//! let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="red"/></svg>"#;
//! let png = renderer.render(svg).unwrap();
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

use resvg::{tiny_skia, usvg};

use crate::input::Error;

/// The scale of the PNGs (print resolution for a chart a few hundred points wide).
const SCALE: f32 = 2.0;

/// Renders chart SVGs to PNG with the system's fonts, loaded once.
pub struct PngRenderer {
    options: usvg::Options<'static>,
}

impl Default for PngRenderer {
    fn default() -> PngRenderer {
        PngRenderer::new()
    }
}

impl PngRenderer {
    /// A renderer with the system's fonts (fontconfig's folders).
    pub fn new() -> PngRenderer {
        let mut options = usvg::Options::default();
        options.fontdb_mut().load_system_fonts();
        options.font_resolver.select_fallback = Box::new(|c, used, fontdb| {
            let base = fontdb.face(*used.first()?)?;
            let (weight, style, stretch) = (base.weight, base.style, base.stretch);
            // The chart's families in order, in the base face's weight and style, skipping faces already tried
            // (usvg tries the next one while a character is still missing).
            crate::html::FONTS
                .split(", ")
                .filter_map(|family| {
                    let families = [usvg::fontdb::Family::Name(family)];
                    fontdb.query(&usvg::fontdb::Query { families: &families, weight, style, stretch })
                })
                .find(|id| !used.contains(id))
                .or_else(|| (usvg::FontResolver::default_fallback_selector())(c, used, fontdb))
        });
        PngRenderer { options }
    }

    /// The first Tamil font of the charts' font list that the system has, if any: without one, Tamil labels
    /// are drawn as empty boxes.
    pub fn tamil_font(&self) -> Option<String> {
        let db = &self.options.fontdb;
        crate::html::FONTS
            .split(", ")
            .filter(|f| f.contains("Tamil") || *f == "Latha" || *f == "Nirmala UI")
            .find(|family| {
                db.faces().any(|face| face.families.iter().any(|(name, _)| name.eq_ignore_ascii_case(family)))
            })
            .map(str::to_string)
    }

    /// One SVG document as PNG bytes.
    pub fn render(&self, svg: &str) -> Result<Vec<u8>, Error> {
        let tree = usvg::Tree::from_str(svg, &self.options).map_err(|e| Error::new(format!("chart SVG: {e}")))?;
        let size = tree.size().to_int_size().scale_by(SCALE).ok_or_else(|| Error::new("chart SVG: empty size"))?;
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
            .ok_or_else(|| Error::new("chart SVG: too large to render"))?;
        resvg::render(&tree, tiny_skia::Transform::from_scale(SCALE, SCALE), &mut pixmap.as_mut());
        pixmap.encode_png().map_err(|e| Error::new(format!("PNG encoding: {e}")))
    }
}
