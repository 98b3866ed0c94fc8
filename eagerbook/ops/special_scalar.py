"""Dawson's integral, Ei, the Fresnel integrals, Spence's function, the regularized
incomplete gamma functions and the Hurwitz zeta function as TF computes them.

TF's kernels for these (Dawsn, Expint, FresnelCos/FresnelSin, Spence: TF's own ports of the
Cephes library; Igamma/Igammac, Zeta, Polygamma: Eigen's) evaluate one value at a time in the
tensor's dtype (float32 or float64), every step rounded (no fused multiply-add in TF's CPU
build), with the C library's log, exp, sin, cos, log1p, lgamma and pow. Here each interval's
formula runs on the whole array and `np.where` picks, value by value, the one TF's `if` chain
would have taken, and an iteration runs on the values still iterating; the order of the
arithmetic is TF's, so the rounding is too.
"""

import math

import numpy as np

from . import eigen_float


def _c_function(name, numpy_fn, every_size=False):
    """The C library's `name` (``"log"``) for float32 (``logf``) and float64 arrays: for
    arrays of up to eigen_float.BY_VALUE values (NumPy's beyond), or of `every_size`."""
    def make(dtype, suffix):
        if every_size:
            return eigen_float.c_library_function(
                name + suffix, lambda v: numpy_fn(v.astype(np.float64)).astype(dtype), dtype=dtype)
        return eigen_float.c_library(name + suffix, numpy_fn, dtype)
    by_dtype = {np.dtype(dtype): make(dtype, suffix)
                for dtype, suffix in ((np.float32, "f"), (np.float64, ""))}

    def call(x):
        return by_dtype[x.dtype](x)
    return call


_log = _c_function("log", np.log)
_exp = _c_function("exp", np.exp)
_sin = _c_function("sin", np.sin)
_cos = _c_function("cos", np.cos)
_log1p = _c_function("log1p", np.log1p)
# (the incomplete gamma functions iterate anyway: the C library at every size costs little there)
_log_every_size = _c_function("log", np.log, every_size=True)
_exp_every_size = _c_function("exp", np.exp, every_size=True)
_log1p_every_size = _c_function("log1p", np.log1p, every_size=True)


def _lgamma_float64(v):  # (where no C library loads)
    return np.vectorize(lambda t: math.lgamma(t) if t > 0 or t != math.floor(t) else math.inf,
                        otypes=[np.float64])(v)


_LGAMMA = {np.dtype(dtype): eigen_float.c_library_function(
    name, lambda v: _lgamma_float64(v).astype(v.dtype), dtype=dtype)
    for dtype, name in ((np.float32, "lgammaf"), (np.float64, "lgamma"))}


def _lgamma(x):
    """The C library's lgamma, value by value at every size (Eigen calls lgammaf_r/lgamma_r)."""
    return _LGAMMA[x.dtype](x)


_polynomial = eigen_float.horner  # (Horner's rule, each step rounded in x's dtype)


def _ratio(x, numerator, denominator):
    return _polynomial(x, numerator) / _polynomial(x, denominator)


def _pick(x, cases, otherwise):
    """`np.where` over (condition, value) pairs: the first true condition wins."""
    out = otherwise
    for condition, value in reversed(cases):
        out = np.where(condition, value, out)
    return out.astype(x.dtype, copy=False)


def _flush(x):
    """Denormals become (signed) zeros: TF runs its kernels with the CPU's flush-to-zero and
    denormals-are-zero modes on, for its inputs and its results."""
    small = np.abs(x) < np.finfo(x.dtype).tiny
    return np.where(small, x * 0, x) if small.any() else x


def _kernel(function):
    """`function(x, one)` as a kernel: `one(v)` gives TF's constant v in x's dtype."""
    def kernel(x):
        with np.errstate(all="ignore"):  # (every interval's formula runs on every value)
            return _flush(function(_flush(x), x.dtype.type))
    kernel.__name__ = function.__name__.lstrip("_")
    return kernel


# --- Dawson's integral D(x) = exp(-x^2) * integral_0^x exp(t^2) dt ------------------------------
_DAWSON_1 = ([1.13681498971755972054e-11, 8.49262267667473811108e-10, 1.94434204175553054283e-8,
              9.53151741254484363489e-7, 3.07828309874913200438e-6, 3.52513368520288738649e-4,
              -8.50149846724410912031e-4, 4.22618223005546594270e-2, -9.17480371773452345351e-2,
              9.99999999999999994612e-1],
             [2.40372073066762605484e-11, 1.48864681368493396752e-9, 5.21265281010541664570e-8,
              1.27258478273186970203e-6, 2.32490249820789513991e-5, 3.25524741826057911661e-4,
              3.48805814657162590916e-3, 2.79448531198828973716e-2, 1.58874241960120565368e-1,
              5.74918629489320327824e-1, 1.00000000000000000539e0])
_DAWSON_2 = ([5.08955156417900903354e-1, -2.44754418142697847934e-1, 9.41512335303534411857e-2,
              -2.18711255142039025206e-2, 3.66207612329569181322e-3, -4.23209114460388756528e-4,
              3.59641304793896631888e-5, -2.14640351719968974225e-6, 9.10010780076391431042e-8,
              -2.40274520828250956942e-9, 3.59233385440928410398e-11],
             [1.0, -6.31839869873368190192e-1, 2.36706788228248691528e-1,
              -5.31806367003223277662e-2, 8.48041718586295374409e-3, -9.47996768486665330168e-4,
              7.81025592944552338085e-5, -4.55875153252442634831e-6, 1.89100358111421846170e-7,
              -4.91324691331920606875e-9, 7.18466403235734541950e-11])
_DAWSON_3 = ([-5.90592860534773254987e-1, 6.29235242724368800674e-1, -1.72858975380388136411e-1,
              1.64837047825189632310e-2, -4.86827613020462700845e-4],
             [1.0, -2.69820057197544900361e0, 1.73270799045947845857e0,
              -3.93708582281939493482e-1, 3.44278924041233391079e-2, -9.73655226040941223894e-4])


def _dawson_far(x, one, coefficients):
    """For x >= 3.25: (1/x + (1/x^2) P(1/x^2) / (x Q(1/x^2))) / 2."""
    inverse = one(1) / x
    inverse2 = inverse * inverse
    numerator, denominator = coefficients
    z = _polynomial(inverse2, numerator) / (x * _polynomial(inverse2, denominator))
    return one(0.5) * (inverse2 * z + inverse)


def _dawsn(x, one):
    a = np.abs(x)
    near = (a * _polynomial(a * a, _DAWSON_1[0])) / _polynomial(a * a, _DAWSON_1[1])
    result = _pick(x, [(a < one(3.25), near),
                       (a < one(6.25), _dawson_far(a, one, _DAWSON_2)),
                       (a < one(1.0e9), _dawson_far(a, one, _DAWSON_3))],
                   one(0.5) / x)
    return np.where(x < 0, -result, result)  # (TF's sign flip applies to 0.5/x as well)


# --- the exponential integral Ei(x) --------------------------------------------------------------
_EULER_GAMMA = 0.5772156649015329
_EI_NEAR = ([-5.350447357812542947283e0, 2.185049168816613393830e2, -4.176572384826693777058e3,
             5.541176756393557601232e4, -3.313381331178144034309e5, 1.592627163384945414220e6],
            [1.0, -5.250547959112862969197e1, 1.259616186786790571525e3,
             -1.756549581973534652631e4, 1.493062117002725991967e5, -7.294949239640527645655e5,
             1.592627163384945429726e6])
# For x >= 2, by intervals [2, 4), [4, 8), [8, 16), [16, 32), [32, 64), [64, inf):
# x exp(-x) Ei(x) - 1 = (1/x) P(1/x) / Q(1/x).
_EI_FAR = [
    (4, [1.981808503259689673238e-2, -1.271645625984917501326e0, -2.088160335681228318920e0,
         2.755544509187936721172e0, -4.409507048701600257171e-1, 4.665623805935891391017e-2,
         -1.545042679673485262580e-3, 7.059980605299617478514e-5],
     [1.0, 1.476498670914921440652e0, 5.629177174822436244827e-1, 1.699017897879307263248e-1,
      2.291647179034212017463e-2, 4.450150439728752875043e-3, 1.727439612206521482874e-4,
      3.953167195549672482304e-5]),
    (8, [-1.373215375871208729803e0, -7.084559133740838761406e-1, 1.580806855547941010501e0,
         -2.601500427425622944234e-1, 2.994674694113713763365e-2, -1.038086040188744005513e-3,
         4.371064420753005429514e-5, 2.141783679522602903795e-6],
     [1.0, 8.585231423622028380768e-1, 4.483285822873995129957e-1, 7.687932158124475434091e-2,
      2.449868241021887685904e-2, 8.832165941927796567926e-4, 4.590952299511353531215e-4,
      -4.729848351866523044863e-6, 2.665195537390710170105e-6]),
    (16, [-2.106934601691916512584e0, 1.732733869664688041885e0, -2.423619178935841904839e-1,
          2.322724180937565842585e-2, 2.372880440493179832059e-4, -8.343219561192552752335e-5,
          1.363408795605250394881e-5, -3.655412321999253963714e-7, 1.464941733975961318456e-8,
          6.176407863710360207074e-10],
     [1.0, -2.298062239901678075778e-1, 1.105077041474037862347e-1,
      -1.566542966630792353556e-2, 2.761106850817352773874e-3, -2.089148012284048449115e-4,
      1.708528938807675304186e-5, -4.459311796356686423199e-7, 1.394634930353847498145e-8,
      6.150865933977338354138e-10]),
    (32, [-2.458119367674020323359e-1, -1.483382253322077687183e-1, 7.248291795735551591813e-2,
          -1.348315687380940523823e-2, 1.342775069788636972294e-3, -7.942465637159712264564e-5,
          2.644179518984235952241e-6, -4.239473659313765177195e-8],
     [1.0, -1.044225908443871106315e-1, -2.676453128101402655055e-1, 9.695000254621984627876e-2,
      -1.601745692712991078208e-2, 1.496414899205908021882e-3, -8.462452563778485013756e-5,
      2.728938403476726394024e-6, -4.239462431819542051337e-8]),
    (64, [1.212561118105456670844e-1, -5.823133179043894485122e-1, 2.348887314557016779211e-1,
          -3.040034318113248237280e-2, 1.510082146865190661777e-3, -2.523137095499571377122e-5],
     [1.0, -1.002252150365854016662e0, 2.928709694872224144953e-1, -3.337004338674007801307e-2,
      1.560544881127388842819e-3, -2.523137093603234562648e-5]),
    (None, [-7.657847078286127362028e-1, 6.886192415566705051750e-1, -2.132598113545206124553e-1,
            3.346107552384193813594e-2, -3.076541477344756050249e-3, 1.747119316454907477380e-4,
            -6.103711682274170530369e-6, 1.218032765428652199087e-7, -1.086076102793290233007e-9],
     [1.0, -1.888802868662308731041e0, 1.066691687211408896850e0, -2.751915982306380647738e-1,
      3.930852688233823569726e-2, -3.414684558602365085394e-3, 1.866844370703555398195e-4,
      -6.345146083130515357861e-6, 1.239754287483206878024e-7, -1.086076102793126632978e-9]),
]


def _expint(x, one):
    near = x * _ratio(x, *_EI_NEAR) + one(_EULER_GAMMA) + _log(x)
    w = one(1) / x
    exp_x = _exp(x)
    cases = [(x < 0, one(np.nan)), (x < 2, near)]
    for upper, numerator, denominator in _EI_FAR:
        f = w * _ratio(w, numerator, denominator) + one(1)
        value = exp_x * w * f
        if upper is None:
            return _pick(x, cases, value)
        cases.append((x < upper, value))


# --- the Fresnel integrals C(x) and S(x) ---------------------------------------------------------
_FRESNEL_C = ([-4.98843114573573548651e-8, 9.50428062829859605134e-6, -6.45191435683965050962e-4,
               1.88843319396703850064e-2, -2.05525900955013891793e-1, 9.99999999999999998822e-1],
              [3.99982968972495980367e-12, 9.15439215774657478799e-10, 1.25001862479598821474e-7,
               1.22262789024179030997e-5, 8.68029542941784300606e-4, 4.12142090722199792936e-2,
               1.00000000000000000118e0])
_FRESNEL_S = ([-2.99181919401019853726e3, 7.08840045257738576863e5, -6.29741486205862506537e7,
               2.54890880573376359104e9, -4.42979518059697779103e10, 3.18016297876567817986e11],
              [1.0, 2.81376268889994315696e2, 4.55847810806532581675e4, 5.17343888770096400730e6,
               4.19320245898111231129e8, 2.24411795645340920940e10, 6.07366389490084639049e11])
_FRESNEL_F = ([4.21543555043677546506e-1, 1.43407919780758885261e-1, 1.15220955073585758835e-2,
               3.45017939782574027900e-4, 4.63613749287867322088e-6, 3.05568983790257605827e-8,
               1.02304514164907233465e-10, 1.72010743268161828879e-13, 1.34283276233062758925e-16,
               3.76329711269987889006e-20],
              [1.0, 7.51586398353378947175e-1, 1.16888925859191382142e-1, 6.44051526508858611005e-3,
               1.55934409164153020873e-4, 1.84627567348930545870e-6, 1.12699224763999035261e-8,
               3.60140029589371370404e-11, 5.88754533621578410010e-14, 4.52001434074129701496e-17,
               1.25443237090011264384e-20])
_FRESNEL_G = ([5.04442073643383265887e-1, 1.97102833525523411709e-1, 1.87648584092575249293e-2,
               6.84079380915393090172e-4, 1.15138826111884280931e-5, 9.82852443688422223854e-8,
               4.45344415861750144738e-10, 1.08268041139020870318e-12, 1.37555460633261799868e-15,
               8.36354435630677421531e-19, 1.86958710162783235106e-22],
              [1.0, 1.47495759925128324529e0, 3.37748989120019970451e-1, 2.53603741420338795122e-2,
               8.14679107184306179049e-4, 1.27545075667729118702e-5, 1.04314589657571990585e-7,
               4.60680728146520428211e-10, 1.10273215066240270757e-12, 1.38796531259578871258e-15,
               8.39158816283118707363e-19, 1.86958710162783236342e-22])


def _fresnel(x, one, sine):
    a = np.abs(x)
    a2 = a * a
    a4 = a2 * a2
    if sine:  # (x^3 of a tiny x is denormal and becomes 0 in TF, whatever it is multiplied by)
        near = (_flush(a * a2) * _polynomial(a4, _FRESNEL_S[0])) / _polynomial(a4, _FRESNEL_S[1])
    else:
        near = (a * _polynomial(a4, _FRESNEL_C[0])) / _polynomial(a4, _FRESNEL_C[1])
    # Beyond x^2 = 2.5625: 1/2 -+ (f trig1 +- g trig2) / (pi x), f and g in t = 1/(pi x^2).
    pi = one(math.pi)
    t = one(1) / (pi * a2)
    u = t * t
    f = one(1) - u * _ratio(u, *_FRESNEL_F)
    g = (t * _polynomial(u, _FRESNEL_G[0])) / _polynomial(u, _FRESNEL_G[1])
    angle = one(1.5707963267948966) * a2
    c, s = _cos(angle), _sin(angle)
    y = one(1) / (pi * a)
    if sine:
        far = one(0.5) - (f * c + g * s) * y
    else:
        far = one(0.5) + (f * s - g * c) * y
    result = _pick(x, [(a > one(36974.0), one(0.5)), (a2 < one(2.5625), near)], far)
    return np.where(x < 0, -result, result)


def _fresnel_cos(x, one):
    return _fresnel(x, one, sine=False)


def _fresnel_sin(x, one):
    return _fresnel(x, one, sine=True)


# --- Spence's function, integral_1^x ln t / (1 - t) dt --------------------------------------------
_SPENCE = ([4.65128586073990045278e-5, 7.31589045238094711071e-3, 1.33847639578309018650e-1,
            8.79691311754530315341e-1, 2.71149851196553469920e0, 4.25697156008121755724e0,
            3.29771340985225106936e0, 1.00000000000000000126e0],
           [6.90990488912553276999e-4, 2.54043763932544379113e-2, 2.82974860602568089943e-1,
            1.41172597751831069617e0, 3.63800533345137075418e0, 5.03278880143316990390e0,
            3.54771340985225096217e0, 9.99999999999999998740e-1])
_PI_SQUARED_OVER_6 = 1.6449340668482264  # (rounds to float32 as TF's long double value does)


def _spence(x, one):
    y = np.where(x < 2, x, one(1) / x)  # Spence(1/x) and Spence(x) are related (below)
    w = _pick(x, [(one(1.5) < y, one(1) / y - one(1)), (y < one(0.5), -y)], y - one(1))
    spence = -w * _ratio(w, *_SPENCE)
    z = _log(y)
    pi2o6 = one(_PI_SQUARED_OVER_6)
    spence = np.where(y < one(0.5), -z * _log1p(-y) + pi2o6 - spence, spence)
    spence = np.where(one(1.5) < x, -one(0.5) * z * z - spence, spence)
    return _pick(x, [(x < 0, one(np.nan)), (x == 0, pi2o6), (x == 1, one(0))], spence)


# --- the regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 - P(a, x) -------------
# Below x = max(1, a) a power series for P, above it a continued fraction for Q (each P or Q
# from the other as 1 minus it), both times x^a e^-x / Gamma(a); iterated until the last
# step changes the sum by at most half an epsilon of it (2,000 steps at most).
def _prefactor(a, x, one):
    """x^a e^-x / Gamma(a), as exp(a log x - x - lgamma(a)); 0 where that underflows."""
    log_value = a * _log_every_size(x) - x - _lgamma(a)
    too_small = (log_value < -_log(np.array(np.finfo(x.dtype).max, x.dtype))) | \
        np.isnan(log_value)
    return np.where(too_small, one(0), _exp_every_size(log_value))


def _half_epsilon(one):
    return one(np.finfo(one(0).dtype).eps / 2)


def _lower_series(a, x, one):
    """P(a, x) = x^a e^-x / Gamma(a + 1) * (1 + x/(a+1) + x^2/((a+1)(a+2)) + ...)."""
    prefactor = _prefactor(a, x, one) / a
    r, term, total = a.copy(), np.ones_like(x), np.ones_like(x)
    running = prefactor != 0
    for _ in range(2000):
        if not running.any():
            break
        r = np.where(running, r + one(1), r)
        term = np.where(running, term * (x / r), term)
        total = np.where(running, total + term, total)
        running &= ~(term <= _half_epsilon(one) * total)
    return np.where(prefactor == 0, one(0), total * prefactor)


def _upper_fraction(a, x, one):
    """Q(a, x) by Legendre's continued fraction, its convergents p/q built by recurrence."""
    prefactor = _prefactor(a, x, one)
    y = one(1) - a
    z = x + y + one(1)
    c = np.zeros_like(x)
    p_before, q_before = np.ones_like(x), x.copy()
    p_last, q_last = x + one(1), z * x
    answer = p_last / q_last
    big, small = (one(2 ** 24), one(2 ** -24)) if x.dtype == np.float32 else \
        (one(2 ** 52), one(2 ** -52))
    running = (prefactor != 0) & ~np.isinf(x)
    for _ in range(2000):
        if not running.any():
            break
        c, y, z = c + one(1), y + one(1), z + one(2)
        yc = y * c
        p = p_last * z - p_before * yc
        q = q_last * z - q_before * yc
        update = running & (q != 0)
        previous = answer
        answer = np.where(update, p / np.where(q != 0, q, one(1)), answer)
        converged = update & (np.abs(previous - answer) <= _half_epsilon(one) * np.abs(answer))
        step = running & ~converged  # (a converged value keeps its last p, q: unused)
        p_before, q_before = (np.where(step, p_last, p_before), np.where(step, q_last, q_before))
        p_last, q_last = np.where(step, p, p_last), np.where(step, q, q_last)
        rescale = step & (np.abs(p) > big)  # (keeps the recurrence inside the float range)
        p_before, p_last, q_before, q_last = (np.where(rescale, v * small, v)
                                              for v in (p_before, p_last, q_before, q_last))
        running &= ~converged
    return np.where(np.isinf(x) | (prefactor == 0), one(0), answer * prefactor)


def _outside_domain(a, x):
    return (x < 0) | (a <= 0) | np.isnan(a) | np.isnan(x)


def _igamma(a, x, one):
    upper = (x > one(1)) & (x > a)
    with np.errstate(all="ignore"):
        value = np.where(upper, one(1) - _upper_fraction(a, x, one), _lower_series(a, x, one))
    value = np.where(_outside_domain(a, x), one(np.nan), value)
    return np.where(x == 0, one(0), value)


def _igammac(a, x, one):
    lower = (x < one(1)) | (x < a)
    with np.errstate(all="ignore"):
        value = np.where(lower, one(1) - _lower_series(a, x, one), _upper_fraction(a, x, one))
    return np.where(_outside_domain(a, x), one(np.nan), value)


def _binary_kernel(function):
    """`function(a, x, one)` as a kernel of two arrays of one dtype, broadcast together."""
    def kernel(a, x):
        a, x = (_flush(v) for v in np.broadcast_arrays(a, x))
        with np.errstate(all="ignore"):
            return _flush(function(a.copy(), x.copy(), x.dtype.type))
    kernel.__name__ = function.__name__.lstrip("_")
    return kernel


# --- the Hurwitz zeta function sum_k (q + k)^-x, and polygamma -----------------------------------
# The first terms one by one (up to 10 of them; float64 also until q + k passes 9), then the
# Euler-Maclaurin tail with the Bernoulli numbers' coefficients, as Eigen's kernel adds them.
_ZETA_TAIL = [12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
              7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
              -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18]
_POW = {np.dtype(dtype): eigen_float.c_library_function(
    name, lambda u, v: np.power(*np.broadcast_arrays(u, v)), arguments=2, dtype=dtype)
    for dtype, name in ((np.float32, "powf"), (np.float64, "pow"))}


def _pow(u, v):
    """The C library's pow, value by value (Eigen's scalar kernels call std::pow)."""
    return _POW[u.dtype](u, v)


def _zeta(x, q, one):
    half_epsilon = _half_epsilon(one)
    total = _pow(q, -x)
    a, b = q.copy(), np.zeros_like(q)
    running = np.ones(q.shape, bool)
    for i in range(10_000):
        more = i < 9 if x.dtype == np.float32 else (i < 9) | (a <= one(9))
        running &= more
        if not running.any():
            break
        a = np.where(running, a + one(1), a)
        b = np.where(running, _pow(a, -x), b)
        total = np.where(running, total + b, total)
        done = running & (np.abs(b / total) < half_epsilon)
        running &= ~done
    # the tail, for the values the first terms left unfinished (b is their last term)
    tail = ~(np.abs(b / total) < half_epsilon) & (b != 0)
    w = a
    total = np.where(tail, total + b * w / (x - one(1)), total)
    total = np.where(tail, total - one(0.5) * b, total)
    a, k = np.ones_like(x), np.zeros_like(x)
    for coefficient in _ZETA_TAIL:
        a = np.where(tail, a * (x + k), a)
        b = np.where(tail, b / w, b)
        t = a * b / one(coefficient)
        total = np.where(tail, total + t, total)
        tail &= ~(np.abs(t / total) < half_epsilon)
        k = np.where(tail, k + one(1), k)
        a = np.where(tail, a * (x + k), a)
        b = np.where(tail, b / w, b)
        k = np.where(tail, k + one(1), k)
    # TF's answers outside the domain: x = 1 is a pole, x < 1 is NaN; q a non-positive whole
    # number is a pole for even x, NaN otherwise; another negative q needs a whole x
    whole_q = (q <= 0) & (q == np.floor(q))
    even_x = np.rint(one(0.5) * x) == one(0.5) * x
    return np.select(
        [x == 1, x < 1, whole_q & even_x, whole_q, (q <= 0) & (x != np.floor(x))],
        [one(np.inf), one(np.nan), one(np.inf), one(np.nan), one(np.nan)], total)


def _polygamma_positive(n, x, one):
    """polygamma(n, x) for whole n >= 1: (-1)^(n+1) n! zeta(n + 1, x)."""
    n_plus_one = n + one(1)
    factorial = _exp_every_size(_lgamma(n_plus_one))
    return _pow(np.full_like(n, -1), n_plus_one) * factorial * _zeta(n_plus_one, x, one)


igamma = _binary_kernel(_igamma)
igammac = _binary_kernel(_igammac)
zeta = _binary_kernel(_zeta)
polygamma_positive = _binary_kernel(_polygamma_positive)
dawsn = _kernel(_dawsn)
expint = _kernel(_expint)
fresnel_cos = _kernel(_fresnel_cos)
fresnel_sin = _kernel(_fresnel_sin)
spence = _kernel(_spence)


# --- the regularized incomplete beta function I_x(a, b), float32 -------------------------------
# Eigen's float kernel: a power series where b > 10 and b x / a < 0.3, else one of two continued
# fractions (as x (a + b - 2) / (a - 1) is below or above 1), on the side of x where it converges
# (I_x(a, b) = 1 - I_{1-x}(b, a) for the other), times x^a (1-x)^b / (a B(a, b)); a <= 1 starts
# from a + 1 and adds the step back.
def _beta_fraction(a, b, x, one, small):
    """Eigen's continued fraction for I_x(a, b) (`small`: the one for x (a + b - 2) < a - 1)."""
    single = x.dtype == np.float32
    big, tiny = (one(2 ** 24), one(2 ** -24)) if single else (one(2 ** 52), one(2 ** -52))
    threshold = _half_epsilon(one) * one(1 if single else 3)
    k1, k3, k4, k5 = a.copy(), a.copy(), a + one(1), np.ones_like(a)
    k8 = a + one(2)
    k7 = k4.copy()
    if small:
        k2, k6, step = a + b, b - one(1), one(1)
    else:
        k2, k6, step = b - one(1), a + b, one(-1)
        x = x / (one(1) - x)
    p_before, q_before = np.zeros_like(a), np.ones_like(a)
    p_last, q_last, answer = np.ones_like(a), np.ones_like(a), np.ones_like(a)
    running = np.ones(a.shape, bool)
    for _ in range(100 if single else 300):
        if not running.any():
            break
        for numerator, denominator in ((-(x * k1 * k2), k3 * k4), (x * k5 * k6, k7 * k8)):
            xk = numerator / denominator
            p, q = p_last + p_before * xk, q_last + q_before * xk
            p_before, q_before = np.where(running, p_last, p_before), \
                np.where(running, q_last, q_before)
            p_last, q_last = np.where(running, p, p_last), np.where(running, q, q_last)
        ratio = p / np.where(q != 0, q, one(1))
        converged = running & (q != 0) & (np.abs(answer - ratio) < np.abs(ratio) * threshold)
        answer = np.where(running & (q != 0), ratio, answer)
        running &= ~converged
        k1, k2, k3, k4 = k1 + one(1), k2 + step, k3 + one(2), k4 + one(2)
        k5, k6, k7, k8 = k5 + one(1), k6 - step, k7 + one(2), k8 + one(2)
        shrink = running & ((np.abs(q) + np.abs(p)) > big)
        grow = running & ((np.abs(q) < tiny) | (np.abs(p) < tiny))
        p_before, p_last, q_before, q_last = (  # (keeps the recurrence inside float range)
            np.where(grow, w * big, w) for w in (np.where(shrink, v * tiny, v)
                                                 for v in (p_before, p_last, q_before, q_last)))
    return answer


def _beta_power_series(a, b, x, one):
    """Eigen's series for I_x(a, b), for large b and small b x / a."""
    y = a * _log_every_size(x) + (b - one(1)) * _log1p_every_size(-x) - _log_every_size(a)
    y = y - (_lgamma(a) + _lgamma(b))
    y = y + _lgamma(a + b)
    t = x / (one(1) - x)
    total, term = np.zeros_like(x), np.ones_like(x)
    running = np.ones(x.shape, bool)
    for _ in range(10_000):
        if not running.any():
            break
        b = np.where(running, b - one(1), b)
        running &= b != 0
        a = np.where(running, a + one(1), a)
        term = np.where(running, term * (t * b / a), term)
        total = np.where(running, total + term, total)
        running &= np.abs(term) > _half_epsilon(one)
    return _exp_every_size(y) * (one(1) + total)


def _beta_near(aa, bb, xx, one):
    """Eigen's incbsa: I_x(a, b) on the side of x where its methods converge."""
    reversed_ = xx > aa / (aa + bb)
    a, b = np.where(reversed_, bb, aa), np.where(reversed_, aa, bb)
    x = np.where(reversed_, one(1) - xx, xx)
    t = np.where(reversed_, xx, one(1) - xx)
    series = _beta_power_series(a, b, x, one)
    small = x * (a + b - one(2)) / (a - one(1)) < one(1)
    fraction = np.where(small, _beta_fraction(a, b, x, one, True),
                        _beta_fraction(a, b, x, one, False))
    t = np.where(small, b * _log_every_size(t), (b - one(1)) * _log_every_size(t))
    t = t + (a * _log_every_size(x) + _lgamma(a + b) - _lgamma(a) - _lgamma(b))
    t = _exp_every_size(t + _log_every_size(fraction / a))
    value = np.where((b > one(10)) & (np.abs(b * x / a) < one(0.3)), series, t)
    return np.where(reversed_, one(1) - value, value)


def betainc_float32(a, b, x):
    """I_x(a, b) of float32 arrays as TF's kernel computes it."""
    a, b, x = (_flush(v.astype(np.float32)) for v in np.broadcast_arrays(a, b, x))
    one = np.float32
    with np.errstate(all="ignore"):
        from_above = _beta_near(a + one(1), b, x, one)
        step_back = _exp_every_size(a * _log_every_size(x) + b * _log1p_every_size(-x)
                                    + _lgamma(a + b) - _lgamma(a + one(1)) - _lgamma(b))
        value = np.where(a <= 1, from_above + step_back, _beta_near(a, b, x, one))
        edges = (x <= 0) | (x >= 1)
        value = np.where(edges, np.where(x == 0, one(0), np.where(x == 1, one(1), one(np.nan))),
                         value)
        value = np.where((a <= 0) | (b <= 0), one(np.nan), value)
    return _flush(value)


# float64: Eigen's double kernel chooses otherwise: a series where b x <= 1 and x <= 0.95 (on
# either side), else a continued fraction, and the logarithm of the prefactor throughout.
def _beta_series_float64(a, b, x, one):
    """Eigen's double series for I_x(a, b) (b x <= 1, x <= 0.95)."""
    inverse_a = one(1) / a
    u = (one(1) - b) * x
    v = u / (a + one(1))
    first, t, n, total = v, u, np.full_like(x, 2), np.zeros_like(x)
    limit = _half_epsilon(one) * inverse_a
    running = np.abs(v) > limit
    for _ in range(100_000):
        if not running.any():
            break
        u = (n - b) * x / n
        t = np.where(running, t * u, t)
        v = np.where(running, t / (a + n), v)
        total = np.where(running, total + v, total)
        n = np.where(running, n + one(1), n)
        running &= np.abs(v) > limit
    total = total + first + inverse_a
    log_value = (_lgamma(a + b) - _lgamma(a) - _lgamma(b) + a * _log_every_size(x)
                 + _log_every_size(total))
    return _exp_every_size(log_value)


def _one_minus_at_least_epsilon(t, one):
    return np.where(t <= _half_epsilon(one), one(1) - _half_epsilon(one), one(1) - t)


def betainc_float64(a, b, x):
    """I_x(a, b) of float64 arrays as TF's kernel computes it."""
    aa, bb, xx = (_flush(v.astype(np.float64)) for v in np.broadcast_arrays(a, b, x))
    one = np.float64
    with np.errstate(all="ignore"):
        direct_series = _beta_series_float64(aa, bb, xx, one)
        reversed_ = xx > aa / (aa + bb)
        a, b = np.where(reversed_, bb, aa), np.where(reversed_, aa, bb)
        x = np.where(reversed_, one(1) - xx, xx)
        xc = np.where(reversed_, xx, one(1) - xx)
        mirrored_series = _one_minus_at_least_epsilon(_beta_series_float64(a, b, x, one), one)
        small = x * (a + b - one(2)) - (a - one(1)) < 0
        w = np.where(small, _beta_fraction(a, b, x, one, True),
                     _beta_fraction(a, b, x, one, False) / xc)
        y = a * _log_every_size(x)
        y = y + (b * _log_every_size(xc) + _lgamma(a + b) - _lgamma(a) - _lgamma(b))
        t = _exp_every_size(y + _log_every_size(w / a))
        t = np.where(reversed_, _one_minus_at_least_epsilon(t, one), t)
        t = np.where(reversed_ & (b * x <= 1) & (x <= one(0.95)), mirrored_series, t)
        value = np.where((bb * xx <= 1) & (xx <= one(0.95)), direct_series, t)
        edges = (xx <= 0) | (xx >= 1)
        value = np.where(edges, np.where(xx == 0, one(0), np.where(xx == 1, one(1), one(np.nan))),
                         value)
        value = np.where((aa <= 0) | (bb <= 0), one(np.nan), value)
    return _flush(value)
