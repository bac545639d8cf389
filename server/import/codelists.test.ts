// Eurostat code list responses (SDMX-ML 3.0 and 2.1 structure messages) read into code → English label.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eurostatCodelistUrl, parseCodelistXml } from './codelists';

const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures/import');
const read = (file: string) => readFileSync(path.join(fixtures, file), 'utf8');

describe('Eurostat code lists', () => {
  it('builds the SDMX 2.1 code list address from a dimension', () => {
    expect(eurostatCodelistUrl('indic_bt')).toBe(
      'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/codelist/ESTAT/INDIC_BT',
    );
    expect(eurostatCodelistUrl('s_adj', 'http://127.0.0.1:9/api/')).toBe(
      'http://127.0.0.1:9/api/sdmx/2.1/codelist/ESTAT/S_ADJ',
    );
  });

  it("reads Eurostat's FREQ response (SDMX 3.0): the code's English name, not the list's or the sender's", () => {
    expect(parseCodelistXml(read('estat_codelist_FREQ.xml'))).toEqual(new Map([['P', 'Pluri-annual']]));
  });

  it('reads the SDMX 2.1 shape, entities decoded', () => {
    expect(parseCodelistXml(read('estat_codelist_S_ADJ.xml')).get('CA')).toBe(
      'Calendar adjusted data, not seasonally adjusted data',
    );
    const xml =
      '<str:Codelist id="X"><str:Code id="R&amp;D"><com:Name xml:lang="fr">R et D</com:Name>' +
      '<com:Name xml:lang="en">Research &amp; development &#8211; &lt;total&gt;</com:Name></str:Code>' +
      '<str:Code id="EMPTY"/></str:Codelist>';
    expect(parseCodelistXml(xml)).toEqual(new Map([['R&D', 'Research & development – <total>']]));
  });
});
