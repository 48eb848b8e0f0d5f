import type { FootballLocalNames } from '@gp/common';

/**
 * The simulated leagues' and clubs' names in Chinese (Traditional, as HKJC writes them, and
 * Simplified), so a member reading Chinese sees them as HKJC's Chinese pages would show real ones.
 * The clubs are invented (see teams.ts); these names are ours too.
 */
const NAMES: Readonly<Record<string, readonly [zhTW: string, zhCN: string]>> = {
  'English Premier League': ['英超', '英超'],
  'Spanish La Liga': ['西甲', '西甲'],
  'Italian Serie A': ['意甲', '意甲'],
  'Japanese J1 League': ['日職聯', '日职联'],
  'Hong Kong Premier League': ['港超', '港超'],
  'Ashford Rovers': ['阿什福德流浪', '阿什福德流浪'],
  'Blackmoor City': ['布萊克摩爾城', '布莱克摩尔城'],
  'Castleton United': ['卡斯爾頓聯', '卡斯尔顿联'],
  'Dunmere Athletic': ['鄧米爾競技', '邓米尔竞技'],
  'Eastvale Town': ['伊斯特韋爾鎮', '伊斯特韦尔镇'],
  'Fernhill Wanderers': ['芬希爾流浪者', '芬希尔流浪者'],
  'Greyport Albion': ['格雷波特艾比安', '格雷波特艾比安'],
  'Harrowgate Forest': ['哈羅蓋特森林', '哈罗盖特森林'],
  'Kingsbridge Villa': ['金斯布里奇維拉', '金斯布里奇维拉'],
  'Lydford Park Rangers': ['利德福德公園巡遊者', '利德福德公园巡游者'],
  'Real Valdoria': ['皇家瓦爾多里亞', '皇家瓦尔多里亚'],
  'Atlético Montaña': ['蒙塔尼亞競技', '蒙塔尼亚竞技'],
  'CD Puerto Claro': ['克拉羅港', '克拉罗港'],
  'Racing Almenar': ['阿爾梅納競賽', '阿尔梅纳竞赛'],
  'UD Costa Verde': ['綠岸聯', '绿岸联'],
  'Sporting Torrealta': ['托雷阿爾塔體育', '托雷阿尔塔体育'],
  'CF Villanueva del Río': ['里奧新城', '里奥新城'],
  'Deportivo Alcora': ['阿爾科拉體育', '阿尔科拉体育'],
  'SD Riberalta': ['里韋拉爾塔', '里韦拉尔塔'],
  'Unión Castellar': ['卡斯特利亞聯', '卡斯特利亚联'],
  'Inter Valmonte': ['國際瓦爾蒙特', '国际瓦尔蒙特'],
  'AC Portonero': ['波爾托內羅', '波尔托内罗'],
  'US Castelfino': ['卡斯特菲諾', '卡斯特菲诺'],
  'SS Lagorosso': ['拉戈羅索', '拉戈罗索'],
  'Atletico Montebianco': ['蒙特比安科競技', '蒙特比安科竞技'],
  'FC Sanvitale': ['聖維塔萊', '圣维塔莱'],
  'AS Roccaverde': ['羅卡韋爾德', '罗卡韦尔德'],
  'Virtus Belvento': ['貝爾文托維圖斯', '贝尔文托维图斯'],
  'Calcio Torremare': ['托雷馬雷', '托雷马雷'],
  'Pro Fontanelle': ['豐塔內萊', '丰塔内莱'],
  'Sakuragawa FC': ['櫻川', '樱川'],
  'Kitahama Marines': ['北濱水手', '北滨水手'],
  'Aoyama Sparks': ['青山火花', '青山火花'],
  'Minato Blaze': ['湊烈焰', '凑烈焰'],
  'Shirakawa Thunder': ['白川雷霆', '白川雷霆'],
  'Tsukimi Wings': ['月見之翼', '月见之翼'],
  'Hoshizora United': ['星空聯', '星空联'],
  'Kazeyama Trinity': ['風山三一', '风山三一'],
  'Harbour Lions': ['海港雄獅', '海港雄狮'],
  'Tai Hang Dragons': ['大坑飛龍', '大坑飞龙'],
  'Sai Kung Mariners': ['西貢水手', '西贡水手'],
  'Lantau Phoenix': ['大嶼山鳳凰', '大屿山凤凰'],
  'Tsing Yi Rangers': ['青衣流浪', '青衣流浪'],
  'Shek O Athletic': ['石澳體育', '石澳体育'],
  'Peak Victoria FC': ['太平山維多利亞', '太平山维多利亚'],
  'Lion Rock United': ['獅子山聯', '狮子山联'],
};

const of = (name: string) => {
  const found = NAMES[name];
  return found ? { 'zh-TW': found[0], 'zh-CN': found[1] } : undefined;
};

/** The local names of a simulated event's league and teams: `{ tournament: { 'zh-TW': '英超', … }, home: …, away: … }`. */
export function simulatedLocalNames(event: { tournament: string; home: string; away: string }): FootballLocalNames {
  const names: FootballLocalNames = {};
  const tournament = of(event.tournament);
  const home = of(event.home);
  const away = of(event.away);
  if (tournament) names.tournament = tournament;
  if (home) names.home = home;
  if (away) names.away = away;
  return names;
}

/** Whether a simulated league or club has its Chinese names (every one should: see the test). */
export const hasLocalNames = (name: string): boolean => Object.hasOwn(NAMES, name);
