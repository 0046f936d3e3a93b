/**
 * Renders the census Markdown into DOM nodes, never through innerHTML: headings, paragraphs,
 * lists, pipe tables, `code` and **bold**. A `code` span naming a listed file becomes a link to it.
 */

export type FileLink = (text: string) => string | null;

function inline(text: string, link: FileLink): Node[] {
  const out: Node[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(document.createTextNode(text.slice(last, m.index)));
    if (m[1] !== undefined) {
      const href = link(m[1]);
      const code = document.createElement('code');
      code.textContent = m[1];
      if (href !== null) {
        const a = document.createElement('a');
        a.href = href;
        a.append(code);
        out.push(a);
      } else out.push(code);
    } else {
      const strong = document.createElement('strong');
      strong.textContent = m[2]!;
      out.push(strong);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(document.createTextNode(text.slice(last)));
  return out;
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

export function renderMarkdown(markdown: string, link: FileLink): DocumentFragment {
  const root = document.createDocumentFragment();
  const lines = markdown.split('\n');
  let list: HTMLUListElement | null = null;
  let paragraph: HTMLParagraphElement | null = null;
  const close = (): void => {
    list = null;
    paragraph = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.startsWith('<!--')) {
      close();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading !== null) {
      close();
      const h = document.createElement(`h${Math.min(heading[1]!.length, 3)}`);
      h.append(...inline(heading[2]!, link));
      root.append(h);
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      close();
      const table = document.createElement('table');
      const header = cells(line);
      const thead = table.createTHead().insertRow();
      for (const c of header) {
        const th = document.createElement('th');
        th.append(...inline(c, link));
        thead.append(th);
      }
      const body = table.createTBody();
      if (lines[i + 1] !== undefined && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1]!)) i++;
      while (lines[i + 1] !== undefined && lines[i + 1]!.trimStart().startsWith('|')) {
        i++;
        const row = body.insertRow();
        for (const c of cells(lines[i]!)) row.insertCell().append(...inline(c, link));
      }
      root.append(table);
      continue;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item !== null) {
      paragraph = null;
      if (list === null) {
        list = document.createElement('ul');
        root.append(list);
      }
      const li = document.createElement('li');
      li.append(...inline(item[1]!, link));
      (list as HTMLUListElement).append(li);
      continue;
    }
    list = null;
    if (paragraph === null) {
      paragraph = document.createElement('p');
      root.append(paragraph);
    } else paragraph.append(document.createTextNode(' '));
    (paragraph as HTMLParagraphElement).append(...inline(line, link));
  }
  return root;
}
