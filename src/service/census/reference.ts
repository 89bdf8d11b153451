/**
 * Published census results: the tables of Tomasz Czajka's repository tczajka/octal-games
 * (https://github.com/tczajka/octal-games, commit 57e893a9, 2025-04-22): SolvedGames.md,
 * TrivialGames.md and UnsolvedGames.md, as data. Numbers are facts, copied with this citation;
 * codes are written as this project writes them ('4' is '4.0', '.354' is '0.354').
 * Conventions there: "prefix" is the preperiod; "num rare" counts heap 0 when it is rare; the
 * rare mask is hexadecimal, "+pos" adds the heap's parity (our twist).
 */

/** A row of SolvedGames.md (nontrivial solved games). */
export interface SolvedReference {
  readonly code: string;
  readonly preperiod: number;
  readonly period: number;
  readonly largestAt: number;
  readonly largest: number;
  /** null where the table leaves the rare columns blank. */
  readonly rare: {
    readonly mask: number;
    readonly twist: boolean;
    readonly count: number;
    readonly last: number;
  } | null;
}

/** A row of TrivialGames.md: solved from the first 1000 heaps; `nimbers` is g(0..preperiod+period-1) with the period in parentheses, digits in base 36. */
export interface TrivialReference {
  readonly code: string;
  readonly preperiod: number;
  readonly period: number;
  readonly nimbers: string;
}

/** A row of UnsolvedGames.md: a code with no known period (and, for some, the extent computed there). */
export interface UnsolvedReference {
  readonly code: string;
  readonly extent: number | null;
}

export const REFERENCE_SOURCE =
  'tczajka/octal-games (commit 57e893a9), SolvedGames.md, TrivialGames.md, UnsolvedGames.md';

export const SOLVED_GAMES: readonly SolvedReference[] = [
  {
    code: '0.45',
    preperiod: 498,
    period: 20,
    largestAt: 37,
    largest: 8,
    rare: { mask: 0xf, twist: false, count: 11, last: 198 },
  },
  {
    code: '0.156',
    preperiod: 3479,
    period: 349,
    largestAt: 1032,
    largest: 23,
    rare: { mask: 0x1b, twist: false, count: 15, last: 357 },
  },
  {
    code: '0.356',
    preperiod: 7315,
    period: 142,
    largestAt: 86,
    largest: 19,
    rare: { mask: 0x1b, twist: false, count: 7, last: 43 },
  },
  {
    code: '0.644',
    preperiod: 3256,
    period: 442,
    largestAt: 333,
    largest: 64,
    rare: { mask: 0x7e, twist: false, count: 31, last: 511 },
  },
  { code: '0.165', preperiod: 5181, period: 1550, largestAt: 620, largest: 25, rare: null },
  {
    code: '0.16',
    preperiod: 105351,
    period: 149459,
    largestAt: 229790,
    largest: 23,
    rare: { mask: 0x1e, twist: false, count: 53, last: 13935 },
  },
  {
    code: '0.56',
    preperiod: 326640,
    period: 144,
    largestAt: 22778,
    largest: 64,
    rare: { mask: 0x5b, twist: false, count: 46, last: 1795 },
  },
  {
    code: '0.127',
    preperiod: 46578,
    period: 4,
    largestAt: 24734,
    largest: 56,
    rare: { mask: 0x1, twist: true, count: 693, last: 27106 },
  },
  {
    code: '0.376',
    preperiod: 2268248,
    period: 4,
    largestAt: 341612,
    largest: 176,
    rare: { mask: 0xfe, twist: false, count: 510, last: 1140540 },
  },
  {
    code: '0.354',
    preperiod: 10061916,
    period: 1180,
    largestAt: 1152,
    largest: 113,
    rare: { mask: 0x3f, twist: false, count: 132, last: 3227 },
  },
];

export const TRIVIAL_GAMES: readonly TrivialReference[] = [
  { code: '4.0', preperiod: 1, period: 2, nimbers: '0(01)' },
  { code: '0.1', preperiod: 2, period: 1, nimbers: '01(0)' },
  {
    code: '0.4',
    preperiod: 54,
    period: 34,
    nimbers: '000112031103322405223301130211045274011203110332244552(3301130211045374811203110332244559)',
  },
  { code: '0.02', preperiod: 1, period: 4, nimbers: '0(0011)' },
  { code: '0.11', preperiod: 3, period: 1, nimbers: '011(0)' },
  { code: '0.12', preperiod: 1, period: 4, nimbers: '0(1001)' },
  { code: '0.15', preperiod: 1, period: 10, nimbers: '0(1101122122)' },
  {
    code: '0.17',
    preperiod: 33,
    period: 34,
    nimbers: '011021301132234153223110312011442(6411021301132234457223110312011443)',
  },
  { code: '0.22', preperiod: 1, period: 3, nimbers: '0(012)' },
  { code: '0.26', preperiod: 1, period: 4, nimbers: '0(0123)' },
  { code: '0.31', preperiod: 3, period: 2, nimbers: '012(01)' },
  { code: '0.32', preperiod: 1, period: 3, nimbers: '0(102)' },
  { code: '0.34', preperiod: 7, period: 8, nimbers: '0101201(03121203)' },
  { code: '0.35', preperiod: 1, period: 6, nimbers: '0(120102)' },
  {
    code: '0.44',
    preperiod: 143,
    period: 24,
    nimbers:
      '00011223311443322114422664411227711443322114466774411228855447722118866774411223311447722118822774411228811447722114422774411228811447722118866(774411228811447722118822)',
  },
  { code: '0.51', preperiod: 1, period: 1, nimbers: '0(1)' },
  { code: '0.52', preperiod: 4, period: 4, nimbers: '0102(2103)' },
  { code: '0.53', preperiod: 11, period: 9, nimbers: '01122102240(122112241)' },
  { code: '0.54', preperiod: 3, period: 7, nimbers: '010(1222411)' },
  { code: '0.57', preperiod: 1, period: 4, nimbers: '0(1122)' },
  { code: '0.71', preperiod: 3, period: 2, nimbers: '012(10)' },
  { code: '0.72', preperiod: 1, period: 4, nimbers: '0(1023)' },
  { code: '0.75', preperiod: 1, period: 2, nimbers: '0(12)' },
  {
    code: '0.77',
    preperiod: 71,
    period: 12,
    nimbers: '01231432142641271432146741285472186741231472182741281472142741281472186(741281472182)',
  },
  { code: '4.3', preperiod: 2, period: 2, nimbers: '01(20)' },
  { code: '0.002', preperiod: 1, period: 6, nimbers: '0(000111)' },
  {
    code: '0.017',
    preperiod: 15,
    period: 60,
    nimbers: '001112023114045(132021114026164041112026154046132021118026164041112026114046)',
  },
  { code: '0.022', preperiod: 1, period: 5, nimbers: '0(00112)' },
  {
    code: '0.044',
    preperiod: 214,
    period: 36,
    nimbers:
      '0000111222333111444333222111444222666444111222777111444333222111444666777444111222888555444777222111888666777444111222333111444777222111888222777444111222888111444777222111444222777444111222888111444777222111888666(777444111222888111444777222111888222)',
  },
  {
    code: '0.045',
    preperiod: 189,
    period: 32,
    nimbers:
      '000111222331114443322211144222664441112227711144433222111448627744411122288851444772221118886277444111222381114447722211188222774441112228811144477222111442227744411122288111444772221118886(27744411122288111444772221118822)',
  },
  {
    code: '0.051',
    preperiod: 48,
    period: 48,
    nimbers: '001110221340111322234015432223101043222010104325(401010232340101323234010432323101043232010104323)',
  },
  {
    code: '0.055',
    preperiod: 259,
    period: 148,
    nimbers:
      '0011122231114443222111422264441112227111444322211148227444111222781144472221114422774411122277111447222111448227441112227781144722211144422774111222777111442221114448227411122274781144722111444812744112227478111442211144481224411122744411184721114447112844112(2744411184421114447212844111274441118447111444721114442127441112244781144472111444811744411127478114447211144481124441112744411174721114447112844111)',
  },
  { code: '0.101', preperiod: 4, period: 1, nimbers: '0101(0)' },
  { code: '0.102', preperiod: 1, period: 6, nimbers: '0(100011)' },
  { code: '0.111', preperiod: 4, period: 1, nimbers: '0111(0)' },
  { code: '0.112', preperiod: 1, period: 6, nimbers: '0(110001)' },
  { code: '0.115', preperiod: 1, period: 14, nimbers: '0(11101112221222)' },
  {
    code: '0.116',
    preperiod: 139,
    period: 96,
    nimbers:
      '011002120211044152411204120411544252021544858282524A1A0A52425114051202114A514201120A120A1189818201120A12061104415241120415041152425A0A15428(58285524A1A0A52425114051202114A514201120A120A818981C201120A12061104415241120415041152425A0A1542C)',
  },
  { code: '0.121', preperiod: 4, period: 4, nimbers: '0102(1001)' },
  { code: '0.122', preperiod: 1, period: 5, nimbers: '0(10021)' },
  { code: '0.123', preperiod: 5, period: 5, nimbers: '01022(10021)' },
  {
    code: '0.124',
    preperiod: 122,
    period: 62,
    nimbers:
      '01001102130213011302332234250425322332031103120312011405547264750411021302130113023322746544557263320311031203120114055473(64758411021302130113023322746544557963320311031203120114055475)',
  },
  { code: '0.131', preperiod: 4, period: 4, nimbers: '0112(0011)' },
  { code: '0.132', preperiod: 1, period: 5, nimbers: '0(11002)' },
  {
    code: '0.134',
    preperiod: 60,
    period: 62,
    nimbers:
      '011001120312031103122332243514352233221301130213021104154462(74651401120312031103122332647544756273221301130213021104154463)',
  },
  { code: '0.141', preperiod: 14, period: 11, nimbers: '01011012212410(11212212412)' },
  { code: '0.144', preperiod: 4, period: 10, nimbers: '0100(1222244111)' },
  { code: '0.145', preperiod: 3, period: 9, nimbers: '010(112222411)' },
  { code: '0.147', preperiod: 3, period: 8, nimbers: '010(12224411)' },
  { code: '0.152', preperiod: 2, period: 48, nimbers: '01(102220104323101322401042231013234010222010432340)' },
  { code: '0.153', preperiod: 16, period: 14, nimbers: '0111222110222440(11222111222441)' },
  { code: '0.154', preperiod: 4, period: 11, nimbers: '0110(11222224111)' },
  { code: '0.157', preperiod: 1, period: 6, nimbers: '0(111222)' },
  { code: '0.171', preperiod: 12, period: 11, nimbers: '011221102140(11221122142)' },
  {
    code: '0.173',
    preperiod: 21,
    period: 40,
    nimbers: '011223104320112235143(2211023741322104627401223104620112275147)',
  },
  { code: '0.176', preperiod: 24, period: 8, nimbers: '011022344116223441166332(41166334)' },
  { code: '0.226', preperiod: 21, period: 5, nimbers: '001234012345123451230(51234)' },
  { code: '0.312', preperiod: 5, period: 2, nimbers: '01202(01)' },
  { code: '0.316', preperiod: 4, period: 12, nimbers: '0120(212301030123)' },
  { code: '0.331', preperiod: 4, period: 3, nimbers: '0123(012)' },
  { code: '0.332', preperiod: 1, period: 4, nimbers: '0(1203)' },
  { code: '0.351', preperiod: 1, period: 8, nimbers: '0(12120102)' },
  { code: '0.353', preperiod: 4, period: 2, nimbers: '0121(20)' },
  { code: '0.373', preperiod: 2, period: 28, nimbers: '01(2340123415231472104321402640)' },
  { code: '0.375', preperiod: 37, period: 18, nimbers: '0123124321342748148124814381482148148(124814781482148174)' },
  { code: '0.512', preperiod: 3, period: 6, nimbers: '011(122210)' },
  { code: '0.524', preperiod: 1, period: 52, nimbers: '0(1022104416701226144618701876147610781674107210781678)' },
  { code: '0.532', preperiod: 7, period: 5, nimbers: '0112240(12241)' },
  { code: '0.536', preperiod: 1, period: 5, nimbers: '0(11224)' },
  { code: '0.772', preperiod: 8, period: 4, nimbers: '01234162(4163)' },
  { code: '4.12', preperiod: 6, period: 7, nimbers: '011220(4211221)' },
  { code: '4.72', preperiod: 1, period: 3, nimbers: '0(124)' },
  {
    code: '4.005',
    preperiod: 31,
    period: 79,
    nimbers:
      '0012123145132121527526126268458(3615156158158656541821856567281216515813212162682812128158132121826826121261461)',
  },
  {
    code: '4.024',
    preperiod: 2,
    period: 60,
    nimbers: '00(12314314214264164134132142842812314314614624124134132182B82B)',
  },
  { code: '4.102', preperiod: 8, period: 10, nimbers: '01112220(4421112221)' },
  { code: '4.122', preperiod: 6, period: 7, nimbers: '011220(4311224)' },
  { code: '4.304', preperiod: 25, period: 21, nimbers: '0120212461528156261625186(8182615261582816251B2)' },
  { code: '4.323', preperiod: 4, period: 4, nimbers: '0124(3021)' },
  {
    code: '4.444',
    preperiod: 143,
    period: 24,
    nimbers:
      '00123456732897654328945CD982345FE328976543289DCFE982345GHAB89EF5432GHDCFE982345673289EF5432GH45FE982345GH3289EF54328945FE982345GH3289EF5432GHDC(FE982345GH3289EF5432GH45)',
  },
  { code: '4.722', preperiod: 4, period: 4, nimbers: '0124(6125)' },
  { code: '4.726', preperiod: 5, period: 16, nimbers: '01246(12741824187B1248)' },
  { code: '4.766', preperiod: 19, period: 20, nimbers: '01246128A1D2G14DE18(4D12481DG8142D148D1G)' },
];

export const UNSOLVED_GAMES: readonly UnsolvedReference[] = [
  { code: '4!.0', extent: 2097152 },
  { code: '0.6', extent: 2097152 },
  { code: '0.04', extent: 131072 },
  { code: '0.06', extent: 131072 },
  { code: '0.14', extent: null },
  { code: '0.36', extent: null },
  { code: '0.64', extent: null },
  { code: '0.74', extent: null },
  { code: '0.76', extent: null },
  { code: '0.004', extent: null },
  { code: '0.005', extent: null },
  { code: '0.006', extent: null },
  { code: '0.014', extent: null },
  { code: '0.015', extent: null },
  { code: '0.016', extent: null },
  { code: '0.024', extent: null },
  { code: '0.026', extent: null },
  { code: '0.034', extent: null },
  { code: '0.054', extent: null },
  { code: '0.064', extent: null },
  { code: '0.104', extent: null },
  { code: '0.106', extent: null },
  { code: '0.114', extent: null },
  { code: '0.125', extent: null },
  { code: '0.126', extent: null },
  { code: '0.135', extent: null },
  { code: '0.136', extent: null },
  { code: '0.142', extent: null },
  { code: '0.143', extent: null },
  { code: '0.146', extent: null },
  { code: '0.161', extent: null },
  { code: '0.162', extent: null },
  { code: '0.163', extent: null },
  { code: '0.164', extent: null },
  { code: '0.166', extent: null },
  { code: '0.167', extent: null },
  { code: '0.172', extent: null },
  { code: '0.174', extent: null },
  { code: '0.204', extent: null },
  { code: '0.205', extent: null },
  { code: '0.206', extent: null },
  { code: '0.207', extent: null },
  { code: '0.224', extent: null },
  { code: '0.244', extent: null },
  { code: '0.245', extent: null },
  { code: '0.264', extent: null },
  { code: '0.314', extent: null },
  { code: '0.324', extent: null },
  { code: '0.334', extent: null },
  { code: '0.336', extent: null },
  { code: '0.342', extent: null },
  { code: '0.344', extent: null },
  { code: '0.346', extent: null },
  { code: '0.362', extent: null },
  { code: '0.364', extent: null },
  { code: '0.366', extent: null },
  { code: '0.371', extent: null },
  { code: '0.374', extent: null },
  { code: '0.404', extent: null },
  { code: '0.414', extent: null },
  { code: '0.416', extent: null },
  { code: '0.444', extent: null },
  { code: '0.454', extent: null },
  { code: '0.564', extent: null },
  { code: '0.604', extent: null },
  { code: '0.606', extent: null },
  { code: '0.744', extent: null },
  { code: '0.764', extent: null },
  { code: '0.774', extent: null },
  { code: '0.776', extent: null },
  { code: '4.004', extent: null },
  { code: '4.007', extent: null },
  { code: '4.026', extent: null },
  { code: '4.044', extent: null },
  { code: '4.045', extent: null },
  { code: '4.064', extent: null },
  { code: '4.324', extent: null },
  { code: '4.327', extent: null },
  { code: '4.344', extent: null },
  { code: '4.364', extent: null },
  { code: '4.367', extent: null },
  { code: '4.404', extent: null },
  { code: '4.406', extent: null },
];
