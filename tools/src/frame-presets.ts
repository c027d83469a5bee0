/**
 * Builds the Frame Creator's preset photographs (apps/api/assets/frame-presets) from Debian's wallpaper
 * packages, each scaled down to 800 px (JPEG quality 70) with a 240 px thumbnail, and writes credits.json
 * (title, author, licence, source package) from the packages' copyright files. Run once by hand:
 *
 *   apt-get download mate-backgrounds lomiri-wallpapers lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 \
 *     plasma-workspace-wallpapers
 *   for f in *.deb; do d=${f%%_*}; mkdir -p x/$d; dpkg-deb -x $f x/$d; done
 *   npx tsx tools/src/frame-presets.ts /path/to/x
 *
 * Only files whose copyright entry allows redistribution (GPL-2+, CC0, CC-BY, CC-BY-SA) are listed here.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

type Category = 'nature' | 'places' | 'travel' | 'buildings' | 'animals';
interface Source {
  id: string;
  title: string;
  category: Category;
  author: string;
  licence: string;
  pkg: string;
  file: string;
}

const MATE = 'mate-backgrounds/usr/share/backgrounds/mate/nature';
const L16 = 'lomiri-wallpapers-16.04/usr/share/backgrounds';
const L20 = 'lomiri-wallpapers-20.04/usr/share/backgrounds';
const KDE = (name: string, file = '1280x1024.jpg') =>
  `plasma-workspace-wallpapers/usr/share/wallpapers/${name}/contents/images/${file}`;
const mate = (id: string, title: string, category: Category, author: string, file: string): Source => ({
  id,
  title,
  category,
  author,
  licence: 'GPL-2+',
  pkg: 'mate-backgrounds',
  file: `${MATE}/${file}`,
});
const kde = (id: string, title: string, category: Category, author: string, name: string): Source => ({
  id,
  title,
  category,
  author,
  licence: 'GPL-2+',
  pkg: 'plasma-workspace-wallpapers',
  file: KDE(name),
});
const lomiri = (
  id: string,
  title: string,
  category: Category,
  author: string,
  licence: string,
  file: string,
  dir = L16,
): Source => ({
  id,
  title,
  category,
  author,
  licence,
  pkg: dir === L16 ? 'lomiri-wallpapers-16.04' : 'lomiri-wallpapers-20.04',
  file: `${dir}/${file}`,
});

export const SOURCES: Source[] = [
  mate('fresh-flower', 'Fresh Flower', 'nature', 'Jens Ansorg', 'FreshFlower.jpg'),
  mate('garden', 'Garden', 'nature', 'Charles Barbin', 'Garden.jpg'),
  mate('green-meadow', 'Green Meadow', 'nature', 'Timothy Schellhase, Lapo Calamandrei', 'GreenMeadow.jpg'),
  mate('rain-drops', 'Rain Drops', 'nature', 'blackcombwhistler07', 'RainDrops.jpg'),
  mate('yellow-flower', 'Yellow Flower', 'nature', 'Charles Barbin', 'YellowFlower.jpg'),
  mate('aqua', 'Aqua', 'nature', 'Charles Barbin', 'Aqua.jpg'),
  mate('dune', 'Dune', 'nature', 'Marco Cogoni, Hylke Bons', 'Dune.jpg'),
  lomiri(
    'seeding',
    'Seeding',
    'nature',
    'Clemens Engelhardt',
    'CC0-1.0',
    'seeding_by_Clements_Engelhardt.jpg',
  ),
  kde('fallen-leaf', 'Fallen Leaf', 'nature', 'Martin Klapetek', 'FallenLeaf'),
  kde('one-stands-out', 'One Stands Out', 'nature', 'Risto Saukonpää', 'OneStandsOut'),
  kde('path', 'Path', 'nature', 'Risto Saukonpää', 'Path'),
  lomiri(
    'aitzgorri',
    'Aitzgorri',
    'places',
    'Aitzol Berasategi',
    'CC-BY-4.0',
    'aitzgorri_by_Aitzol_Berasategi.jpg',
  ),
  lomiri(
    'picos-de-europa',
    'Picos de Europa',
    'places',
    'Aitzol Berasategi',
    'CC-BY-4.0',
    'picosdeeuropa_by_Aitzol_Berasategi.jpg',
  ),
  lomiri('sunset', 'Sunset', 'places', 'Aitzol Berasategi', 'CC-BY-4.0', 'sunset_by_Aitzol_Berasategi.jpg'),
  lomiri('life', 'Life', 'places', 'Aitzol Berasategi', 'CC-BY-4.0', 'life_by_Aitzol_Berasategi.jpg'),
  mate('storm', 'Storm', 'places', 'Sergey Nazarov', '../nature/Storm.jpg'),
  kde('cold-ripple', 'Cold Ripple', 'places', 'Risto Saukonpää', 'ColdRipple'),
  kde('summer-1am', 'Summer 1am', 'places', 'Risto Saukonpää', 'summer_1am'),
  kde('evening-glow', 'Evening Glow', 'travel', 'Ian Hex', 'EveningGlow'),
  kde('by-the-water', 'By the Water', 'travel', 'Maciej Wiklo', 'BytheWater'),
  lomiri('wine', 'Wine', 'travel', 'Jakub Mede', 'CC-BY-4.0', 'Wine_by_Jakkub_Mede.jpg'),
  lomiri('picture-0b', 'Fig', 'travel', 'Trevor "Freespace"', 'CC-BY-4.0', 'Picture_0B_by_freespace.jpg'),
  lomiri('picture-1a', 'Brushes', 'travel', 'Trevor "Freespace"', 'CC-BY-4.0', 'Picture_1A_by_freespace.jpg'),
  kde('grey', 'Grey', 'buildings', 'Sigi Sagi', 'Grey'),
  lomiri(
    'bridge',
    'Bridge',
    'buildings',
    'Sander Klootwijk',
    'CC-BY-SA-4.0',
    'Bridge_by_Sander_Klootwijk.jpg',
  ),
  lomiri('free', 'Free', 'buildings', 'Peter Nerlich', 'CC-BY-SA-4.0', 'free_by_Peter_Nerlich.jpg'),
  mate('lady-bird', 'Lady Bird', 'animals', 'Charles Barbin', 'LadyBird.jpg'),
  mate('two-wings', 'Two Wings', 'animals', 'Charles Barbin, Hylke Bons', 'TwoWings.jpg'),
  lomiri('dragonfly', 'Dragonfly', 'animals', 'Bolly', 'CC-BY-SA-4.0', 'Dragonfly_by_Bolly.jpg'),
  lomiri(
    'friends',
    'Friends',
    'animals',
    'Aitzol Berasategi',
    'CC-BY-4.0',
    'friends_by_Aitzol_Berasategi.jpg',
  ),
  lomiri(
    'kleiber',
    'Kleiber',
    'animals',
    'Lukas Baubkus',
    'CC-BY-SA-3.0',
    'Kleiber_by_Lukas_Baubkus.jpg',
    L20,
  ),
];

async function main() {
  const root = process.argv[2];
  if (!root) throw new Error('usage: tsx tools/src/frame-presets.ts <extracted-debs-dir>');
  const out = path.resolve(import.meta.dirname, '../../apps/api/assets/frame-presets');
  await mkdir(out, { recursive: true });
  const credits = [];
  for (const s of SOURCES) {
    const img = sharp(path.join(root, s.file), { limitInputPixels: false }).rotate();
    const big = await img
      .clone()
      .resize(800, 800, { fit: 'inside' })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await img
      .clone()
      .resize(240, 180, { fit: 'cover' })
      .jpeg({ quality: 60, mozjpeg: true })
      .toBuffer();
    await writeFile(path.join(out, `${s.id}.jpg`), big.data);
    await writeFile(path.join(out, `${s.id}.thumb.jpg`), thumb);
    credits.push({
      id: s.id,
      title: s.title,
      category: s.category,
      author: s.author,
      licence: s.licence,
      source: `Debian package ${s.pkg} (${path.basename(s.file)})`,
      width: big.info.width,
      height: big.info.height,
    });
  }
  await writeFile(path.join(out, 'credits.json'), `${JSON.stringify(credits, null, 2)}\n`);
  console.log(`${credits.length} photographs written to ${out}`);
}

await main();
