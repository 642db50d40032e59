//! Reads the PNG files `rsvg-convert` writes (8-bit RGB or RGBA, not interlaced), enough to
//! measure where a chart put its ink. The `png` crate would pull in another configuration
//! of flate2 for the tests alone, and with it a second build of the parquet stack that the
//! README's first command already built (see BENCHMARKS.md): the few lines of PNG
//! unfiltering below reuse the flate2 the program already has.

use std::io::Read;

pub struct Image {
    pub width: u32,
    pub height: u32,
    channels: usize,
    pixels: Vec<u8>,
}

impl Image {
    /// The darkest channel of pixel (x, y), transparent pixels counted as white.
    pub fn min_channel(&self, x: u32, y: u32) -> u8 {
        let at = (y as usize * self.width as usize + x as usize) * self.channels;
        let px = &self.pixels[at..at + self.channels];
        let alpha = if self.channels == 4 { px[3] } else { 255 };
        let c = px[..3].iter().copied().min().unwrap_or(255);
        // Composite on white: 255 - alpha * (255 - c) / 255.
        255 - ((u32::from(alpha) * u32::from(255 - c)) / 255) as u8
    }
}

pub fn decode(data: &[u8]) -> Result<Image, String> {
    let body = data
        .strip_prefix(b"\x89PNG\r\n\x1a\n")
        .ok_or("not a PNG signature")?;
    let (mut width, mut height, mut channels) = (0u32, 0u32, 0usize);
    let mut idat = Vec::new();
    let mut rest = body;
    while rest.len() >= 12 {
        let len = u32::from_be_bytes(rest[..4].try_into().map_err(|_| "chunk length")?) as usize;
        let kind = &rest[4..8];
        let chunk = rest.get(8..8 + len).ok_or("truncated chunk")?;
        match kind {
            b"IHDR" => {
                width = u32::from_be_bytes(chunk[0..4].try_into().map_err(|_| "width")?);
                height = u32::from_be_bytes(chunk[4..8].try_into().map_err(|_| "height")?);
                let (depth, colour, interlace) = (chunk[8], chunk[9], chunk[12]);
                channels = match (depth, colour, interlace) {
                    (8, 2, 0) => 3,
                    (8, 6, 0) => 4,
                    other => return Err(format!("unsupported PNG layout {other:?}")),
                };
            }
            b"IDAT" => idat.extend_from_slice(chunk),
            b"IEND" => break,
            _ => {}
        }
        rest = &rest[12 + len..];
    }
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(&idat[..])
        .read_to_end(&mut raw)
        .map_err(|e| format!("zlib: {e}"))?;
    let stride = width as usize * channels;
    if raw.len() != (stride + 1) * height as usize {
        return Err(format!("{} bytes for {width}×{height}", raw.len()));
    }
    let mut pixels = vec![0u8; stride * height as usize];
    for y in 0..height as usize {
        let filter = raw[y * (stride + 1)];
        let line = &raw[y * (stride + 1) + 1..(y + 1) * (stride + 1)];
        for i in 0..stride {
            let a = if i >= channels {
                pixels[y * stride + i - channels]
            } else {
                0
            };
            let b = if y > 0 {
                pixels[(y - 1) * stride + i]
            } else {
                0
            };
            let c = if y > 0 && i >= channels {
                pixels[(y - 1) * stride + i - channels]
            } else {
                0
            };
            let predicted = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                4 => paeth(a, b, c),
                f => return Err(format!("unknown PNG filter {f}")),
            };
            pixels[y * stride + i] = line[i].wrapping_add(predicted);
        }
    }
    Ok(Image {
        width,
        height,
        channels,
        pixels,
    })
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}
