/**
 * Words into lines (by their vertical middle) and lines into segments (runs of words with no
 * column-sized gap between them): the cells, labels and values the fields are read from.
 */
import type { Word } from './read.js';

export interface Segment {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
  /** The index of its line in reading order. */
  line: number;
  /** Its place in reading order (line by line, left to right). */
  order: number;
}

export interface Layout {
  segments: Segment[];
  lines: Segment[][];
  /** The median word height: the unit of every distance. */
  unit: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 10;
};

/** OCR's noise: specks read as punctuation, and words it barely believes. */
const isNoise = (word: Word) => (word.confidence < 0.15 && word.text.length <= 2) || !/[A-Za-z0-9$#@]/.test(word.text);

/** A small mark (a "#", a "$") whose middle falls well inside a row's words stands on that row. */
function insideRow(words: Word[], middle: number): boolean {
  const top = words.reduce((sum, word) => sum + word.y0, 0) / words.length;
  const bottom = words.reduce((sum, word) => sum + word.y1, 0) / words.length;
  const margin = (bottom - top) * 0.2;
  return middle > top + margin && middle < bottom - margin;
}

export function buildLayout(all: Word[]): Layout {
  const words = all.filter((word) => !isNoise(word));
  const unit = median(words.map((word) => word.y1 - word.y0)) || 10;
  const lines: Segment[][] = [];
  const pages = [...new Set(words.map((word) => word.page))].sort((a, b) => a - b);
  let order = 0;
  for (const page of pages) {
    const onPage = words.filter((word) => word.page === page).sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
    const rows: { middle: number; words: Word[] }[] = [];
    for (const word of onPage) {
      const middle = (word.y0 + word.y1) / 2;
      const height = word.y1 - word.y0;
      const row = rows.find(
        (candidate) =>
          (Math.abs(candidate.middle - middle) < Math.max(unit, height) * 0.45 || insideRow(candidate.words, middle)) &&
          !candidate.words.some((other) => other.x0 < word.x1 - 1 && word.x0 < other.x1 - 1),
      );
      if (row) {
        row.words.push(word);
        row.middle = row.words.reduce((sum, each) => sum + (each.y0 + each.y1) / 2, 0) / row.words.length;
      } else rows.push({ middle, words: [word] });
    }
    rows.sort((a, b) => a.middle - b.middle);
    for (const row of rows) {
      row.words.sort((a, b) => a.x0 - b.x0);
      const segments: Segment[] = [];
      let current: Word[] = [];
      const flush = () => {
        if (current.length === 0) return;
        let text = '';
        current.forEach((word, index) => {
          const previous = current[index - 1];
          if (previous) text += word.x0 - previous.x1 > Math.max(word.y1 - word.y0, previous.y1 - previous.y0) * 0.8 ? '  ' : ' ';
          text += word.text;
        });
        segments.push({
          text,
          page,
          x0: Math.min(...current.map((word) => word.x0)),
          x1: Math.max(...current.map((word) => word.x1)),
          y0: Math.min(...current.map((word) => word.y0)),
          y1: Math.max(...current.map((word) => word.y1)),
          confidence: current.reduce((sum, word) => sum + word.confidence, 0) / current.length,
          line: lines.length,
          order: 0,
        });
        current = [];
      };
      for (const word of row.words) {
        const previous = current[current.length - 1];
        const height = Math.max(unit, word.y1 - word.y0);
        if (previous && word.x0 - previous.x1 > height * 1.25) flush();
        current.push(word);
      }
      flush();
      for (const segment of segments) segment.order = order++;
      lines.push(segments);
    }
  }
  return { segments: lines.flat(), lines, unit };
}

/** Horizontal distance between two segments' spans (0 when they overlap), in units. */
export function gapX(a: Segment, b: Segment, unit: number): number {
  if (a.x0 <= b.x1 && b.x0 <= a.x1) return 0;
  return (a.x0 > b.x1 ? a.x0 - b.x1 : b.x0 - a.x1) / unit;
}

/** Vertical distance from a's top to b's top, in units (positive when b is below a); pages apart are far. */
export function gapY(a: Segment, b: Segment, unit: number): number {
  if (a.page !== b.page) return (b.page - a.page) * 1000;
  return (b.y0 - a.y0) / unit;
}
