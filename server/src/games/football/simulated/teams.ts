import type { TeamRatings } from './model.ts';
import { hashString, seededRandom, shuffled } from './rng.ts';

/**
 * The simulated leagues. Club and player names are invented on purpose: a simulated price next
 * to a real club's name would read as a real market. Ratings are multiplicative around 1
 * (attack above 1 scores more, defence above 1 concedes more).
 */
export interface Club extends TeamRatings {
  name: string;
  /** The club's name in Chinese (Traditional as HKJC writes names, and Simplified), ours too. */
  localNames: LocalNames;
}

/** A name by locale: `{ 'zh-TW': '海港雄獅', 'zh-CN': '海港雄狮' }`. */
export type LocalNames = Readonly<Record<'zh-TW' | 'zh-CN', string>>;

export interface Tournament {
  code: string;
  name: string;
  localNames: LocalNames;
  clubs: readonly Club[];
  /** Surnames the club squads are drawn from. */
  surnames: readonly string[];
}

const club = (name: string, [zhTW, zhCN]: readonly [string, string], attack: number, defence: number): Club => ({
  name,
  localNames: { 'zh-TW': zhTW, 'zh-CN': zhCN },
  attack,
  defence,
});

export const TOURNAMENTS: readonly Tournament[] = [
  {
    code: 'EPL',
    name: 'English Premier League',
    localNames: { 'zh-TW': '英超', 'zh-CN': '英超' },
    clubs: [
      club('Ashford Rovers', ['阿什福德流浪', '阿什福德流浪'], 1.35, 0.78),
      club('Blackmoor City', ['布萊克摩爾城', '布莱克摩尔城'], 1.28, 0.82),
      club('Castleton United', ['卡斯爾頓聯', '卡斯尔顿联'], 1.15, 0.9),
      club('Dunmere Athletic', ['鄧米爾競技', '邓米尔竞技'], 1.05, 0.98),
      club('Eastvale Town', ['伊斯特韋爾鎮', '伊斯特韦尔镇'], 1.0, 1.0),
      club('Fernhill Wanderers', ['芬希爾流浪者', '芬希尔流浪者'], 0.95, 1.05),
      club('Greyport Albion', ['格雷波特艾比安', '格雷波特艾比安'], 0.92, 1.08),
      club('Harrowgate Forest', ['哈羅蓋特森林', '哈罗盖特森林'], 0.88, 1.12),
      club('Kingsbridge Villa', ['金斯布里奇維拉', '金斯布里奇维拉'], 0.85, 1.15),
      club('Lydford Park Rangers', ['利德福德公園巡遊者', '利德福德公园巡游者'], 0.8, 1.22),
    ],
    surnames: ['Whitaker', 'Holloway', 'Pennington', 'Ashby', 'Crowther', 'Fairbairn', 'Gilmore', 'Hargreaves', 'Kettering', 'Lockwood', 'Marlowe', 'Newbold', 'Oakes', 'Prescott', 'Radley', 'Thornbury'],
  },
  {
    code: 'SPD',
    name: 'Spanish La Liga',
    localNames: { 'zh-TW': '西甲', 'zh-CN': '西甲' },
    clubs: [
      club('Real Valdoria', ['皇家瓦爾多里亞', '皇家瓦尔多里亚'], 1.4, 0.75),
      club('Atlético Montaña', ['蒙塔尼亞競技', '蒙塔尼亚竞技'], 1.2, 0.8),
      club('CD Puerto Claro', ['克拉羅港', '克拉罗港'], 1.1, 0.92),
      club('Racing Almenar', ['阿爾梅納競賽', '阿尔梅纳竞赛'], 1.02, 0.98),
      club('UD Costa Verde', ['綠岸聯', '绿岸联'], 0.98, 1.0),
      club('Sporting Torrealta', ['托雷阿爾塔體育', '托雷阿尔塔体育'], 0.95, 1.04),
      club('CF Villanueva del Río', ['里奧新城', '里奥新城'], 0.9, 1.06),
      club('Deportivo Alcora', ['阿爾科拉體育', '阿尔科拉体育'], 0.88, 1.1),
      club('SD Riberalta', ['里韋拉爾塔', '里韦拉尔塔'], 0.84, 1.14),
      club('Unión Castellar', ['卡斯特利亞聯', '卡斯特利亚联'], 0.8, 1.18),
    ],
    surnames: ['Arregui', 'Bermejo', 'Castañeda', 'Domínguez', 'Echeverría', 'Fuentes', 'Galindo', 'Herrera', 'Iturbe', 'Jiménez', 'Lozano', 'Medina', 'Navarro', 'Olmedo', 'Pardo', 'Quintana'],
  },
  {
    code: 'ITA',
    name: 'Italian Serie A',
    localNames: { 'zh-TW': '意甲', 'zh-CN': '意甲' },
    clubs: [
      club('Inter Valmonte', ['國際瓦爾蒙特', '国际瓦尔蒙特'], 1.3, 0.76),
      club('AC Portonero', ['波爾托內羅', '波尔托内罗'], 1.22, 0.8),
      club('US Castelfino', ['卡斯特菲諾', '卡斯特菲诺'], 1.12, 0.86),
      club('SS Lagorosso', ['拉戈羅索', '拉戈罗索'], 1.04, 0.94),
      club('Atletico Montebianco', ['蒙特比安科競技', '蒙特比安科竞技'], 0.98, 0.98),
      club('FC Sanvitale', ['聖維塔萊', '圣维塔莱'], 0.94, 1.02),
      club('AS Roccaverde', ['羅卡韋爾德', '罗卡韦尔德'], 0.9, 1.06),
      club('Virtus Belvento', ['貝爾文托維圖斯', '贝尔文托维图斯'], 0.86, 1.1),
      club('Calcio Torremare', ['托雷馬雷', '托雷马雷'], 0.83, 1.14),
      club('Pro Fontanelle', ['豐塔內萊', '丰塔内莱'], 0.78, 1.2),
    ],
    surnames: ['Amato', 'Bellini', 'Caruso', 'De Luca', 'Esposito', 'Ferraro', 'Galli', 'Lombardi', 'Marchetti', 'Negri', 'Orlando', 'Pellegrini', 'Rinaldi', 'Santoro', 'Testa', 'Vitale'],
  },
  {
    code: 'JPN',
    name: 'Japanese J1 League',
    localNames: { 'zh-TW': '日職聯', 'zh-CN': '日职联' },
    clubs: [
      club('Sakuragawa FC', ['櫻川', '樱川'], 1.2, 0.85),
      club('Kitahama Marines', ['北濱水手', '北滨水手'], 1.12, 0.9),
      club('Aoyama Sparks', ['青山火花', '青山火花'], 1.06, 0.95),
      club('Minato Blaze', ['湊烈焰', '凑烈焰'], 1.0, 1.0),
      club('Shirakawa Thunder', ['白川雷霆', '白川雷霆'], 0.96, 1.02),
      club('Tsukimi Wings', ['月見之翼', '月见之翼'], 0.92, 1.06),
      club('Hoshizora United', ['星空聯', '星空联'], 0.88, 1.1),
      club('Kazeyama Trinity', ['風山三一', '风山三一'], 0.85, 1.14),
    ],
    surnames: ['Aoki', 'Fujita', 'Hayashi', 'Ishida', 'Kamata', 'Kondo', 'Maeda', 'Morimoto', 'Nakagawa', 'Ogawa', 'Sakai', 'Takeda', 'Ueno', 'Wada', 'Yamashita', 'Yoshida'],
  },
  {
    code: 'HKP',
    name: 'Hong Kong Premier League',
    localNames: { 'zh-TW': '港超', 'zh-CN': '港超' },
    clubs: [
      club('Harbour Lions', ['海港雄獅', '海港雄狮'], 1.3, 0.8),
      club('Tai Hang Dragons', ['大坑飛龍', '大坑飞龙'], 1.15, 0.88),
      club('Sai Kung Mariners', ['西貢水手', '西贡水手'], 1.05, 0.96),
      club('Lantau Phoenix', ['大嶼山鳳凰', '大屿山凤凰'], 1.0, 1.0),
      club('Tsing Yi Rangers', ['青衣流浪', '青衣流浪'], 0.95, 1.05),
      club('Shek O Athletic', ['石澳體育', '石澳体育'], 0.9, 1.1),
      club('Peak Victoria FC', ['太平山維多利亞', '太平山维多利亚'], 0.85, 1.16),
      club('Lion Rock United', ['獅子山聯', '狮子山联'], 0.8, 1.22),
    ],
    surnames: ['Chan', 'Cheung', 'Fung', 'Ho', 'Kwok', 'Lam', 'Lau', 'Leung', 'Ma', 'Ng', 'Poon', 'Siu', 'Tam', 'Tse', 'Wong', 'Yip'],
  },
];

/** The striker takes the biggest share of the goals; four named scorers cover all of a team's goals. */
const SCORER_SHARES = [0.4, 0.28, 0.19, 0.13] as const;
const INITIALS = 'ABCDEFGHJKLMNPRSTWY';

export interface SquadPlayer {
  name: string;
  /** This player's share of the club's goals. */
  share: number;
}

/** A club's four scorers, the same on every call (names drawn from the league's surnames by a hash of the club). */
export function squad(tournament: Tournament, club: Club): SquadPlayer[] {
  const random = seededRandom(hashString(`${tournament.code}:${club.name}`));
  const surnames = shuffled(tournament.surnames, random).slice(0, SCORER_SHARES.length);
  return surnames.map((surname, i) => ({
    name: `${INITIALS[Math.floor(random() * INITIALS.length)]}. ${surname}`,
    share: SCORER_SHARES[i]!,
  }));
}
