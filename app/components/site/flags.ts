// Flag images (flag-icons, 4:3 SVG) of the 28 countries of the country grid, bundled as hashed asset URLs.
import al from 'flag-icons/flags/4x3/al.svg?url';
import at from 'flag-icons/flags/4x3/at.svg?url';
import be from 'flag-icons/flags/4x3/be.svg?url';
import bg from 'flag-icons/flags/4x3/bg.svg?url';
import cy from 'flag-icons/flags/4x3/cy.svg?url';
import cz from 'flag-icons/flags/4x3/cz.svg?url';
import de from 'flag-icons/flags/4x3/de.svg?url';
import dk from 'flag-icons/flags/4x3/dk.svg?url';
import ee from 'flag-icons/flags/4x3/ee.svg?url';
import es from 'flag-icons/flags/4x3/es.svg?url';
import fi from 'flag-icons/flags/4x3/fi.svg?url';
import fr from 'flag-icons/flags/4x3/fr.svg?url';
import gr from 'flag-icons/flags/4x3/gr.svg?url';
import hr from 'flag-icons/flags/4x3/hr.svg?url';
import hu from 'flag-icons/flags/4x3/hu.svg?url';
import ie from 'flag-icons/flags/4x3/ie.svg?url';
import it from 'flag-icons/flags/4x3/it.svg?url';
import lt from 'flag-icons/flags/4x3/lt.svg?url';
import lu from 'flag-icons/flags/4x3/lu.svg?url';
import lv from 'flag-icons/flags/4x3/lv.svg?url';
import mt from 'flag-icons/flags/4x3/mt.svg?url';
import nl from 'flag-icons/flags/4x3/nl.svg?url';
import pl from 'flag-icons/flags/4x3/pl.svg?url';
import pt from 'flag-icons/flags/4x3/pt.svg?url';
import ro from 'flag-icons/flags/4x3/ro.svg?url';
import se from 'flag-icons/flags/4x3/se.svg?url';
import si from 'flag-icons/flags/4x3/si.svg?url';
import sk from 'flag-icons/flags/4x3/sk.svg?url';

/** Eurostat geo code → flag image URL (Greece is EL at Eurostat, GR in ISO). */
export const flagUrls: Readonly<Record<string, string>> = {
  AL: al,
  AT: at,
  BE: be,
  BG: bg,
  CY: cy,
  CZ: cz,
  DE: de,
  DK: dk,
  EE: ee,
  EL: gr,
  ES: es,
  FI: fi,
  FR: fr,
  HR: hr,
  HU: hu,
  IE: ie,
  IT: it,
  LT: lt,
  LU: lu,
  LV: lv,
  MT: mt,
  NL: nl,
  PL: pl,
  PT: pt,
  RO: ro,
  SE: se,
  SI: si,
  SK: sk,
};
