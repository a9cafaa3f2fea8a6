import type { NewCharity } from '@core/model/charity';

/**
 * Initial list of partner charities shown to families and guests.
 *
 * Every entry is a real, established Jewish non-profit. Descriptions are our own
 * short summaries written for families choosing where 10% of their child's gifts
 * should go; they deliberately avoid figures or legal/tax claims.
 * Images are original illustrations of the cause (not the organisations' logos)
 * served from web/public/charity-images.
 */
export const CHARITY_SEED: NewCharity[] = [
  // community
  {
    name: 'The Jewish Federations of North America',
    description:
      'The umbrella organisation for local Jewish Federations across the United States and Canada. Federations bring a community together to fund a wide web of services, from care for older adults to programmes for children, teens and families. A gift here helps keep Jewish community life strong close to home and further afield.',
    website: 'https://www.jewishfederations.org',
    imageUrl: '/charity-images/jewish-federations.svg',
    category: 'community',
  },
  {
    name: 'Repair the World',
    description:
      'Repair the World inspires young Jewish adults to volunteer in their own neighbourhoods, putting the value of tikkun olam (repairing the world) into practice. Its programmes link volunteers with local partners working on issues such as access to food and education.',
    website: 'https://werepair.org',
    imageUrl: '/charity-images/repair-the-world.svg',
    category: 'community',
  },

  // healthcare
  {
    name: 'Hadassah, The Women’s Zionist Organization of America',
    description:
      'Founded in 1912, Hadassah is a volunteer women’s organisation best known for supporting the Hadassah Medical Organization in Jerusalem, whose hospitals treat patients of every background. It also champions medical research and women’s health.',
    website: 'https://www.hadassah.org',
    imageUrl: '/charity-images/hadassah.svg',
    category: 'healthcare',
  },
  {
    name: 'American Friends of Magen David Adom',
    description:
      'American Friends of Magen David Adom supports Magen David Adom, Israel’s national emergency medical, ambulance and blood service. Donations help put ambulances, equipment and training in the hands of the paramedics and volunteers who answer emergency calls across the country.',
    website: 'https://afmda.org',
    imageUrl: '/charity-images/magen-david-adom.svg',
    category: 'healthcare',
  },
  {
    name: 'Chai Lifeline',
    description:
      'Chai Lifeline stands beside children facing serious illness and the families who care for them. Through camps, trained volunteers, family retreats and crisis support, it brings moments of joy and practical help so that no family faces illness alone.',
    website: 'https://www.chailifeline.org',
    imageUrl: '/charity-images/chai-lifeline.svg',
    category: 'healthcare',
  },

  // civil-rights
  {
    name: 'Anti-Defamation League (ADL)',
    description:
      'Since 1913 the ADL has worked to counter antisemitism and every other form of hatred and bigotry. It tracks and responds to hate incidents, offers anti-bias education for schools and communities, and speaks up for equal treatment under the law.',
    website: 'https://www.adl.org',
    imageUrl: '/charity-images/adl.svg',
    category: 'civil-rights',
  },
  {
    name: 'National Council of Jewish Women',
    description:
      'Started in 1893, the National Council of Jewish Women brings together volunteers and advocates who turn Jewish values of justice into action. Its work focuses on the well-being and equal rights of women, children and families.',
    website: 'https://www.ncjw.org',
    imageUrl: '/charity-images/ncjw.svg',
    category: 'civil-rights',
  },

  // environmental
  {
    name: 'Jewish National Fund-USA',
    description:
      'Jewish National Fund-USA continues more than a century of tree planting and land care in Israel. Today its projects include forests and parks, water solutions and new community development, with a particular focus on the Negev and the Galilee.',
    website: 'https://www.jnf.org',
    imageUrl: '/charity-images/jnf-usa.svg',
    category: 'environmental',
  },
  {
    name: 'Adamah (formerly Hazon)',
    description:
      'Adamah, the Hebrew word for earth, is a Jewish environmental organisation formed by the merger of Hazon and Pearlstone. Through farm and retreat programmes, environmental education and climate action, it helps Jewish communities live more sustainably and feel connected to the land.',
    website: 'https://adamah.org',
    imageUrl: '/charity-images/adamah.svg',
    category: 'environmental',
  },

  // education
  {
    name: 'Hillel International',
    description:
      'Hillel International supports Jewish students at colleges and universities around the world. Campus Hillels are a home away from home where students celebrate holidays, learn, volunteer and build lasting friendships as they explore their Jewish identity.',
    website: 'https://www.hillel.org',
    imageUrl: '/charity-images/hillel.svg',
    category: 'education',
  },
  {
    name: 'PJ Library',
    description:
      'PJ Library mails free Jewish children’s books to families, usually in partnership with local Jewish communities. A programme of the Harold Grinspoon Foundation, it helps parents share Jewish stories, holidays and values at bedtime and beyond.',
    website: 'https://pjlibrary.org',
    imageUrl: '/charity-images/pj-library.svg',
    category: 'education',
  },

  // veterans
  {
    name: 'Jewish War Veterans of the USA',
    description:
      'Founded in 1896, the Jewish War Veterans of the USA is one of the oldest veterans’ organisations in the United States. It advocates for veterans and their families, supports those serving today, and honours the service of Jewish Americans in uniform.',
    website: 'https://www.jwv.org',
    imageUrl: '/charity-images/jwv.svg',
    category: 'veterans',
  },

  // other
  {
    name: 'MAZON: A Jewish Response to Hunger',
    description:
      'MAZON works to end hunger among people of all faiths and backgrounds in the United States and Israel, funding partner organisations and pressing for policies that help families put food on the table. It grew from the tradition of sharing a small part of the cost of a family celebration with people who are hungry.',
    website: 'https://mazon.org',
    imageUrl: '/charity-images/mazon.svg',
    category: 'other',
  },
  {
    name: 'HIAS',
    description:
      'HIAS began more than a century ago helping Jewish immigrants find safety and a new start. Guided by Jewish values, it now protects and assists refugees and displaced people of every background around the world, from legal help to building a new life.',
    website: 'https://hias.org',
    imageUrl: '/charity-images/hias.svg',
    category: 'other',
  },
  {
    name: 'Leket Israel',
    description:
      'Leket Israel is Israel’s national food bank and its leading food-rescue network. It gathers surplus produce and prepared meals that would otherwise go to waste and passes them on, through partner charities, to people in need throughout the country.',
    website: 'https://www.leket.org',
    imageUrl: '/charity-images/leket-israel.svg',
    category: 'other',
  },
];
