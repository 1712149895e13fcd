import type { ProductOption } from '@shop/contracts';
import type { PhotoTheme } from './photos.js';

export interface SeedProduct {
  name: string;
  description: string;
  /**
   * US dollars, seeded in the shop's currency (amounts.ts); in dollars every price sits inside
   * one of the six price bands (none between 19 and 20).
   */
  price: number;
  quantity: number;
  shipping: 0 | 1;
  /** Grams, packed; without, its category's. */
  weight?: number;
  /** Sold in several variants: then its price and quantity are theirs (lowest, sum). */
  variants?: SeedVariants;
}

export interface SeedVariants {
  options: ProductOption[];
  variants: { sku: string; options: Record<string, string>; price: number; quantity: number }[];
}

/**
 * The variants of a product: every combination of the options' values that `each` prices and
 * stocks (null: not sold), each SKU the product's code and the values (`TEE-M-BLACK`).
 */
function grid(
  code: string,
  options: ProductOption[],
  each: (values: string[]) => { price: number; quantity: number } | null,
): SeedVariants {
  const combinations = options.reduce<string[][]>(
    (done, option) => done.flatMap((values) => option.values.map((v) => [...values, v])),
    [[]],
  );
  const variants = combinations.flatMap((values) => {
    const sale = each(values);
    if (!sale) return [];
    const sku = [code, ...values].join('-').toUpperCase().replace(/\s+/g, '');
    return [
      {
        sku,
        options: Object.fromEntries(options.map((o, i) => [o.name, values[i] ?? ''])),
        ...sale,
      },
    ];
  });
  return { options, variants };
}

const SIZES = { name: 'Size', values: ['S', 'M', 'L', 'XL'] };

/** Sold in sizes and colours, one price; the stock of each combination in the options' order. */
const sizesAndColours = (code: string, colours: string[], price: number, stock: number[]) =>
  grid(code, [SIZES, { name: 'Colour', values: colours }], (values) => {
    const [size = '', colour = ''] = values;
    const at = SIZES.values.indexOf(size) * colours.length + colours.indexOf(colour);
    return { price, quantity: stock[at] ?? 0 };
  });

export interface SeedCategory {
  name: string;
  theme: PhotoTheme;
  /** Grams, packed, of its products that do not say. */
  weight: number;
  /** What its products are taxed as (standard without). */
  taxClass?: string;
  products: SeedProduct[];
}

const item = (
  name: string,
  numbers: Pick<SeedProduct, 'price' | 'quantity' | 'shipping' | 'weight'>,
  description: string,
): SeedProduct => ({ name, ...numbers, description });

/** The demo catalogue: 7 categories of 6 products, spread over all price bands. */
export const CATALOGUE: readonly SeedCategory[] = [
  {
    name: 'Electronics',
    theme: { from: '#4f46e5', to: '#06b6d4', icon: 'screen' },
    weight: 600,
    products: [
      item(
        'Wireless Noise-Cancelling Headphones',
        { price: 149, quantity: 12, shipping: 1 },
        'Over-ear headphones with adaptive noise cancelling, 30 hours of battery life, a quick-charge mode and soft memory-foam cushions for long flights.',
      ),
      item(
        'Bluetooth Pocket Speaker',
        { price: 34.5, quantity: 40, shipping: 1 },
        'A splash-proof speaker the size of a paperback with surprisingly deep bass and 12 hours of play.',
      ),
      {
        ...item(
          'USB-C Fast Charger 65W',
          { price: 27, quantity: 60, shipping: 0 },
          'Charges a laptop, tablet and phone from one compact plug with two USB-C ports and one USB-A port.',
        ),
        // Variants of different prices: the product shows the lowest.
        variants: grid(
          'charger',
          [
            { name: 'Power', values: ['65W', '100W'] },
            { name: 'Plug', values: ['US', 'EU', 'UK'] },
          ],
          ([power, plug]) => ({
            price: power === '65W' ? 27 : 39,
            quantity: plug === 'UK' ? 5 : 15,
          }),
        ),
      },
      item(
        '4K Action Camera',
        { price: 119, quantity: 0, shipping: 1 },
        'Waterproof to 10 metres without a case, with image stabilisation, a front preview screen and a wide-angle lens for helmets and handlebars.',
      ),
      item(
        'Mechanical Keyboard',
        { price: 89, quantity: 15, shipping: 1 },
        'Tenkeyless keyboard with hot-swappable tactile switches, a detachable braided cable and warm white backlight.',
      ),
      item(
        'Wireless Ergonomic Mouse',
        { price: 18, quantity: 75, shipping: 0 },
        'A sculpted vertical mouse that keeps the wrist at a natural angle; runs for months on one AA battery.',
      ),
    ],
  },
  {
    name: 'Books',
    theme: { from: '#b45309', to: '#f59e0b', icon: 'book' },
    weight: 450,
    // Books are taxed at the reduced rate in many countries: the demo shows a second rate.
    taxClass: 'reduced',
    products: [
      item(
        'The Pragmatic Gardener',
        { price: 16, quantity: 30, shipping: 0 },
        'Straightforward advice for growing vegetables and herbs on a balcony, a patio or a small back garden.',
      ),
      item(
        'Cooking with Seasonal Vegetables',
        { price: 24, quantity: 18, shipping: 1 },
        'Over 120 recipes arranged by month, from spring asparagus tarts to slow-roasted winter squash, with notes on buying at the market and storing what you cannot eat straight away.',
      ),
      item(
        'A Short History of Maps',
        { price: 14, quantity: 22, shipping: 0 },
        'How people have drawn the world, from clay tablets to satellite images, told in twelve lively chapters.',
      ),
      item(
        'Midnight at the Lighthouse',
        { price: 12.5, quantity: 50, shipping: 0 },
        'A slow-burning mystery set on a windswept island where the keeper’s logbook holds one missing night.',
      ),
      item(
        'Illustrated Atlas of the Night Sky',
        { price: 45, quantity: 8, shipping: 1 },
        'Large-format star charts for every season, with photographs of nebulae and a guide to spotting planets with the naked eye or binoculars.',
      ),
      item(
        'Complete Guide to Watercolour',
        { price: 38, quantity: 10, shipping: 1 },
        'Step-by-step lessons on washes, glazing and colour mixing, for beginners and returning painters.',
      ),
    ],
  },
  {
    name: 'Clothing',
    theme: { from: '#db2777', to: '#f472b6', icon: 'shirt' },
    weight: 400,
    products: [
      {
        ...item(
          'Organic Cotton T-Shirt',
          { price: 15, quantity: 120, shipping: 0 },
          'A classic crew-neck tee in heavyweight organic cotton that keeps its shape wash after wash.',
        ),
        // XL sold out in every colour.
        variants: sizesAndColours(
          'tee',
          ['Black', 'White', 'Navy'],
          15,
          [8, 5, 3, 20, 14, 9, 12, 0, 6, 0, 0, 0],
        ),
      },
      {
        ...item(
          'Merino Wool Crew Sweater',
          { price: 74, quantity: 25, shipping: 1 },
          'Fine-gauge merino that is warm without bulk, breathes on a brisk walk and never itches; machine washable on the wool cycle.',
        ),
        variants: sizesAndColours('merino', ['Grey', 'Navy'], 74, [2, 4, 6, 3, 5, 0, 1, 4]),
      },
      item(
        'Waterproof Rain Jacket',
        { price: 96, quantity: 14, shipping: 1 },
        'Fully taped seams, an adjustable hood and pit zips keep you dry and cool on wet commutes and hill walks.',
      ),
      {
        ...item(
          'Slim Fit Chino Trousers',
          { price: 49, quantity: 30, shipping: 1 },
          'Stretch cotton chinos with a tapered leg, deep pockets and a comfortable mid rise.',
        ),
        // Not every combination is made: no 36 in olive.
        variants: grid(
          'chino',
          [
            { name: 'Waist', values: ['30', '32', '34', '36'] },
            { name: 'Colour', values: ['Khaki', 'Olive'] },
          ],
          ([waist, colour]) =>
            waist === '36' && colour === 'Olive' ? null : { price: 49, quantity: 4 },
        ),
      },
      {
        ...item(
          'Everyday Canvas Sneakers',
          { price: 58, quantity: 0, shipping: 1 },
          'Low-top canvas shoes with a cushioned insole and a natural rubber sole that grips on wet pavements.',
        ),
        // Every size sold out: the product stays sold out.
        variants: grid(
          'sneaker',
          [{ name: 'Size', values: ['40', '41', '42', '43', '44'] }],
          () => ({
            price: 58,
            quantity: 0,
          }),
        ),
      },
      item(
        'Quilted Winter Parka',
        { price: 189, quantity: 6, shipping: 1 },
        'A hip-length parka with recycled insulation, a fleece-lined collar, a detachable hood and six pockets for everything you carry on the coldest days.',
      ),
    ],
  },
  {
    name: 'Home & Kitchen',
    theme: { from: '#059669', to: '#34d399', icon: 'mug' },
    weight: 900,
    products: [
      item(
        'Stoneware Coffee Mug',
        { price: 9.5, quantity: 200, shipping: 0 },
        'A hand-glazed 350 ml mug that keeps coffee warm and is safe in the dishwasher and microwave.',
      ),
      item(
        'Cast Iron Skillet 26 cm',
        { price: 42, quantity: 20, shipping: 1, weight: 2300 },
        'Pre-seasoned cast iron that goes from hob to oven to table; it only gets better the more you cook with it.',
      ),
      item(
        'French Press Coffee Maker',
        { price: 29, quantity: 35, shipping: 1 },
        'A one-litre borosilicate glass press with a double steel filter for a clean, full-bodied cup.',
      ),
      item(
        'Bamboo Cutting Board Set',
        { price: 22, quantity: 45, shipping: 0 },
        'Three boards in different sizes with juice grooves, gentle on knives and easy to clean.',
      ),
      item(
        'Stand Mixer 5 L',
        { price: 249, quantity: 4, shipping: 1 },
        'A 1000 W mixer with a tilting head, a stainless steel bowl, ten speeds and a whisk, a beater and a dough hook for bread, cakes and meringues.',
      ),
      item(
        'Linen Table Runner',
        { price: 19, quantity: 60, shipping: 0 },
        'Stonewashed linen runner, 40 by 180 cm, that softens with every wash.',
      ),
    ],
  },
  {
    name: 'Sports & Outdoors',
    theme: { from: '#ea580c', to: '#facc15', icon: 'ball' },
    weight: 1200,
    products: [
      item(
        'Yoga Mat with Carry Strap',
        { price: 32, quantity: 40, shipping: 1 },
        'A 6 mm non-slip mat with alignment lines, light enough to carry to class on its strap.',
      ),
      item(
        'Stainless Steel Water Bottle',
        { price: 17, quantity: 90, shipping: 0 },
        'Double-walled 750 ml bottle that keeps drinks cold for 24 hours or hot for 12.',
      ),
      item(
        'Two-Person Dome Tent',
        { price: 135, quantity: 7, shipping: 1, weight: 2400 },
        'A freestanding tent that pitches in five minutes, with two doors, two porches, a full rain fly and a packed weight of just 2.1 kg.',
      ),
      item(
        'Adjustable Dumbbell Pair',
        { price: 84, quantity: 10, shipping: 1, weight: 41000 },
        'Quick-dial dumbbells from 2 to 20 kg each, replacing a whole rack of weights in a corner of the room.',
      ),
      item(
        'Trail Running Backpack 12 L',
        { price: 64, quantity: 16, shipping: 1 },
        'A close-fitting vest pack with two soft flasks, a rain-cover pocket and room for a layer and lunch.',
      ),
      item(
        'Official Size Football',
        { price: 25, quantity: 55, shipping: 0 },
        'A machine-stitched size 5 ball with a textured surface for reliable touch in all weather.',
      ),
    ],
  },
  {
    name: 'Toys & Games',
    theme: { from: '#7c3aed', to: '#c084fc', icon: 'blocks' },
    weight: 700,
    products: [
      item(
        'Wooden Building Blocks',
        { price: 28, quantity: 33, shipping: 1 },
        'Fifty smooth beech blocks in bright, child-safe colours, packed in a canvas bag with a drawstring.',
      ),
      item(
        'Island Traders Board Game',
        { price: 44, quantity: 19, shipping: 1 },
        'A strategy game for 2 to 5 players about building harbours, trading spices and racing rival fleets; easy to learn, with a new map every game.',
      ),
      item(
        '1000-Piece Jigsaw Puzzle: Harbour at Dusk',
        { price: 21, quantity: 27, shipping: 0 },
        'A painted harbour at sunset, printed on thick board with a linen finish that cuts down glare.',
      ),
      item(
        'Remote Control Racing Car',
        { price: 69, quantity: 11, shipping: 1 },
        'A 1:16 scale off-road car with rechargeable batteries, full-function steering and a top speed of 25 km/h.',
      ),
      item(
        'Plush Teddy Bear',
        { price: 14, quantity: 80, shipping: 0 },
        'A 30 cm bear with embroidered eyes, soft enough for naps and tough enough for the washing machine.',
      ),
      item(
        'Beginner Chess Set',
        { price: 36, quantity: 24, shipping: 0 },
        'Weighted wooden pieces, a folding board and an illustrated booklet that teaches the game in ten short lessons.',
      ),
    ],
  },
  {
    name: 'Health & Beauty',
    theme: { from: '#0e7490', to: '#67e8f9', icon: 'bottle' },
    weight: 250,
    products: [
      item(
        'Lavender Hand Cream',
        { price: 8.5, quantity: 150, shipping: 0 },
        'A rich, quick-absorbing cream with shea butter and lavender oil for dry hands.',
      ),
      item(
        'Argan Oil Shampoo',
        { price: 13, quantity: 70, shipping: 0 },
        'Sulphate-free shampoo that cleans gently and leaves hair soft and shiny.',
      ),
      item(
        'Vitamin C Face Serum',
        { price: 26, quantity: 38, shipping: 0 },
        'A lightweight serum with 10% vitamin C and hyaluronic acid that brightens dull skin and helps it hold moisture through the day.',
      ),
      item(
        'Electric Toothbrush',
        { price: 55, quantity: 22, shipping: 1 },
        'Sonic toothbrush with three modes, a two-minute timer and a travel case; one charge lasts three weeks.',
      ),
      item(
        'Hair Dryer with Diffuser',
        { price: 79, quantity: 13, shipping: 1 },
        'A 2000 W ionic dryer with three heat settings, a cool shot, a concentrator nozzle and a diffuser for curls.',
      ),
      item(
        'Men’s Grooming Kit',
        { price: 104, quantity: 9, shipping: 1 },
        'A cordless trimmer with eight guards, a precision nose trimmer, a foil shaver and a washable stand in one gift box.',
      ),
    ],
  },
];
