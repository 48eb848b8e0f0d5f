import type { TeamRatings } from './model.ts';
import { hashString, seededRandom, shuffled } from './rng.ts';

/**
 * The simulated leagues. Club and player names are invented on purpose: a simulated price next
 * to a real club's name would read as a real market. Ratings are multiplicative around 1
 * (attack above 1 scores more, defence above 1 concedes more).
 */
export interface Club extends TeamRatings {
  name: string;
}

export interface Tournament {
  code: string;
  name: string;
  clubs: readonly Club[];
  /** Surnames the club squads are drawn from. */
  surnames: readonly string[];
}

const club = (name: string, attack: number, defence: number): Club => ({ name, attack, defence });

export const TOURNAMENTS: readonly Tournament[] = [
  {
    code: 'EPL',
    name: 'English Premier League',
    clubs: [
      club('Ashford Rovers', 1.35, 0.78),
      club('Blackmoor City', 1.28, 0.82),
      club('Castleton United', 1.15, 0.9),
      club('Dunmere Athletic', 1.05, 0.98),
      club('Eastvale Town', 1.0, 1.0),
      club('Fernhill Wanderers', 0.95, 1.05),
      club('Greyport Albion', 0.92, 1.08),
      club('Harrowgate Forest', 0.88, 1.12),
      club('Kingsbridge Villa', 0.85, 1.15),
      club('Lydford Park Rangers', 0.8, 1.22),
    ],
    surnames: ['Whitaker', 'Holloway', 'Pennington', 'Ashby', 'Crowther', 'Fairbairn', 'Gilmore', 'Hargreaves', 'Kettering', 'Lockwood', 'Marlowe', 'Newbold', 'Oakes', 'Prescott', 'Radley', 'Thornbury'],
  },
  {
    code: 'SPD',
    name: 'Spanish La Liga',
    clubs: [
      club('Real Valdoria', 1.4, 0.75),
      club('Atlético Montaña', 1.2, 0.8),
      club('CD Puerto Claro', 1.1, 0.92),
      club('Racing Almenar', 1.02, 0.98),
      club('UD Costa Verde', 0.98, 1.0),
      club('Sporting Torrealta', 0.95, 1.04),
      club('CF Villanueva del Río', 0.9, 1.06),
      club('Deportivo Alcora', 0.88, 1.1),
      club('SD Riberalta', 0.84, 1.14),
      club('Unión Castellar', 0.8, 1.18),
    ],
    surnames: ['Arregui', 'Bermejo', 'Castañeda', 'Domínguez', 'Echeverría', 'Fuentes', 'Galindo', 'Herrera', 'Iturbe', 'Jiménez', 'Lozano', 'Medina', 'Navarro', 'Olmedo', 'Pardo', 'Quintana'],
  },
  {
    code: 'ITA',
    name: 'Italian Serie A',
    clubs: [
      club('Inter Valmonte', 1.3, 0.76),
      club('AC Portonero', 1.22, 0.8),
      club('US Castelfino', 1.12, 0.86),
      club('SS Lagorosso', 1.04, 0.94),
      club('Atletico Montebianco', 0.98, 0.98),
      club('FC Sanvitale', 0.94, 1.02),
      club('AS Roccaverde', 0.9, 1.06),
      club('Virtus Belvento', 0.86, 1.1),
      club('Calcio Torremare', 0.83, 1.14),
      club('Pro Fontanelle', 0.78, 1.2),
    ],
    surnames: ['Amato', 'Bellini', 'Caruso', 'De Luca', 'Esposito', 'Ferraro', 'Galli', 'Lombardi', 'Marchetti', 'Negri', 'Orlando', 'Pellegrini', 'Rinaldi', 'Santoro', 'Testa', 'Vitale'],
  },
  {
    code: 'JPN',
    name: 'Japanese J1 League',
    clubs: [
      club('Sakuragawa FC', 1.2, 0.85),
      club('Kitahama Marines', 1.12, 0.9),
      club('Aoyama Sparks', 1.06, 0.95),
      club('Minato Blaze', 1.0, 1.0),
      club('Shirakawa Thunder', 0.96, 1.02),
      club('Tsukimi Wings', 0.92, 1.06),
      club('Hoshizora United', 0.88, 1.1),
      club('Kazeyama Trinity', 0.85, 1.14),
    ],
    surnames: ['Aoki', 'Fujita', 'Hayashi', 'Ishida', 'Kamata', 'Kondo', 'Maeda', 'Morimoto', 'Nakagawa', 'Ogawa', 'Sakai', 'Takeda', 'Ueno', 'Wada', 'Yamashita', 'Yoshida'],
  },
  {
    code: 'HKP',
    name: 'Hong Kong Premier League',
    clubs: [
      club('Harbour Lions', 1.3, 0.8),
      club('Tai Hang Dragons', 1.15, 0.88),
      club('Sai Kung Mariners', 1.05, 0.96),
      club('Lantau Phoenix', 1.0, 1.0),
      club('Tsing Yi Rangers', 0.95, 1.05),
      club('Shek O Athletic', 0.9, 1.1),
      club('Peak Victoria FC', 0.85, 1.16),
      club('Lion Rock United', 0.8, 1.22),
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
