"""float32 Bessel functions as TF's CPU kernels compute them, so values print with TF's digits.

TF's BesselI0 ... BesselY1 kernels run Eigen's float versions of the Cephes library's i0ef,
k0f, j0f, ...: Chebyshev series or polynomials in float32, every step rounded (no fused
multiply-add in TF's CPU build), joined with exp, log, sin or cos. As everywhere in Eigen
(see eigen_float), whole packets of 8 values take the vectorized exp/log/sin/cos and the few
values after them the C library's. The vectorized 1/sqrt(x) is the CPU's approximate
instruction refined by one Newton step; it can end one unit in the last place away from the
exact 1/sqrt(x) used here, depending on the CPU. float16 goes through the float scalar path,
as TF's half kernels do; float64 is computed by special_math_ops.
"""

import numpy as np

from . import eigen_float

_F = np.float32


class _Path:
    """The functions that differ between Eigen's packet path and its scalar path."""

    def __init__(self, exp, log, sin, cos):
        self.exp, self.log, self.sin, self.cos = exp, log, sin, cos


_PACKET = _Path(eigen_float._packet_exp, eigen_float._packet_log,
                lambda v: eigen_float._packet_sin_or_cos(v, True),
                lambda v: eigen_float._packet_sin_or_cos(v, False))
_SCALAR = _Path(eigen_float._expf, eigen_float._logf, eigen_float._sinf, eigen_float._cosf)


def _rsqrt(x):
    return _F(1) / np.sqrt(x)


def _chebyshev(t, coefficients):
    """Clenshaw's recurrence for a Chebyshev series at t, in float32 step for step."""
    b0, b1, b2 = np.full_like(t, coefficients[0]), np.zeros_like(t), np.zeros_like(t)
    for c in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = (t * b1 + c) - b2
    return _F(0.5) * (b0 - b2)


def _float32_kernel(function):
    """`function(x, path)` made into a kernel of a float32 array, path by path as in TF (and of
    a float16 one: TF's half kernel takes each value through the float scalar path)."""
    def kernel(x):
        if x.dtype == np.float16:
            with np.errstate(all="ignore"):
                return function(x.astype(_F), _SCALAR).astype(np.float16)
        # (TF reads denormal inputs as zeros on both paths: K0(1e-40) is inf)
        return eigen_float._by_packets(
            x, lambda v: function(v, _PACKET),
            lambda v: function(eigen_float._flush_denormals(v), _SCALAR))
    kernel.__name__ = function.__name__.lstrip("_")
    return kernel


# --- I0 and I1, modified Bessel functions of the first kind --------------------------------------
# Scaled by exp(-|x|): a series in x/2 - 2 up to |x| = 8, and one in 32/|x| - 2 beyond.
_I0E_NEAR = np.array([
    -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
    1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
    -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
    1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
    -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
    1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1], _F)
_I0E_FAR = np.array([
    3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
    2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
    8.04490411014108831608e-1], _F)
_I1E_NEAR = np.array([
    9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
    -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
    4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
    -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
    2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
    -1.76416518357834055153e-1, 2.52587186443633654823e-1], _F)
_I1E_FAR = np.array([
    -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
    -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
    7.78576235018280120474e-1], _F)


def _i0e(x, path):
    y = np.abs(x)
    near = _chebyshev(_F(0.5) * y + _F(-2.0), _I0E_NEAR)
    far = _chebyshev(_F(32.0) / y - _F(2.0), _I0E_FAR) * _rsqrt(y)
    return np.where(y <= 8, near, far)


def _i1e(x, path):
    y = np.abs(x)
    near = y * _chebyshev(_F(0.5) * y + _F(-2.0), _I1E_NEAR)
    far = _chebyshev(_F(32.0) / y - _F(2.0), _I1E_FAR) * _rsqrt(y)
    result = np.where(y <= 8, near, far)
    return np.where(x < 0, -result, result)


def _i0(x, path):
    return path.exp(np.abs(x)) * _i0e(x, path)


def _i1(x, path):
    return path.exp(np.abs(x)) * _i1e(x, path)


# --- K0 and K1, modified Bessel functions of the second kind -------------------------------------
# Up to x = 2 a series in x^2 - 2 corrected by I(x) log(x/2); beyond, exp(-x)/sqrt(x) times a
# series in 8/x - 2. Infinite for x <= 0.
_K0_NEAR = np.array([
    1.90451637722020886025e-9, 2.53479107902614945675e-7, 2.28621210311945178607e-5,
    1.26461541144692592338e-3, 3.59799365153615016266e-2, 3.44289899924628486886e-1,
    -5.35327393233902768720e-1], _F)
_K0_FAR = np.array([
    -1.69753450938905987466e-9, 8.57403401741422608519e-9, -4.66048989768794782956e-8,
    2.76681363944501510342e-7, -1.83175552271911948767e-6, 1.39498137188764993662e-5,
    -1.28495495816278026384e-4, 1.56988388573005337491e-3, -3.14481013119645005427e-2,
    2.44030308206595545468e0], _F)
_K1_NEAR = np.array([
    -2.21338763073472585583e-8, -2.43340614156596823496e-6, -1.73028895751305206302e-4,
    -6.97572385963986435018e-3, -1.22611180822657148235e-1, -3.53155960776544875667e-1,
    1.52530022733894777053e0], _F)
_K1_FAR = np.array([
    2.01504975519703286596e-9, -1.03457624656780970260e-8, 5.74108412545004946722e-8,
    -3.50196060308781257119e-7, 2.40648494783721712015e-6, -1.93619797416608296024e-5,
    1.95215518471351631108e-4, -2.85781685962277938680e-3, 1.03923736576817238437e-1,
    2.72062619048444266945e0], _F)


def _k0_near(x, path):
    return _i0(x, path) * -path.log(_F(0.5) * x) + _chebyshev(x * x + _F(-2.0), _K0_NEAR)


def _k1_near(x, path):
    series = _chebyshev(x * x + _F(-2.0), _K1_NEAR) / x
    return _i1(x, path) * path.log(_F(0.5) * x) + series


def _far_series(x, coefficients):
    return _chebyshev(_F(8.0) / x - _F(2.0), coefficients)


def _k0(x, path):
    far = (path.exp(-x) * _far_series(x, _K0_FAR)) * _rsqrt(x)
    return np.where(x <= 0, _F(np.inf), np.where(x <= 2, _k0_near(x, path), far))


def _k0e(x, path):
    far = _far_series(x, _K0_FAR) * _rsqrt(x)
    near = path.exp(x) * _k0_near(x, path)
    return np.where(x <= 0, _F(np.inf), np.where(x <= 2, near, far))


def _k1(x, path):
    far = path.exp(-x) * (_far_series(x, _K1_FAR) * _rsqrt(x))
    return np.where(x <= 0, _F(np.inf), np.where(x <= 2, _k1_near(x, path), far))


def _k1e(x, path):
    far = _far_series(x, _K1_FAR) * _rsqrt(x)
    near = _k1_near(x, path) * path.exp(x)
    return np.where(x <= 0, _F(np.inf), np.where(x <= 2, near, far))


# --- J0, J1, Y0, Y1, Bessel functions of the first and second kind --------------------------------
# Up to 2 a polynomial in x^2 with its first zero factored out (Y adds (2/pi) J(x) log x); beyond,
# an amplitude sqrt(1/x) P(1/x) times the cosine or sine of x plus a phase Q(1/x^2)/x - pi/4
# (3 pi/4 for order one).
_J0_NEAR = np.array([-6.068350350393235e-008, 6.388945720783375e-006, -3.969646342510940e-004,
                     1.332913422519003e-002, -1.729150680240724e-001], _F)
_Y0_NEAR = np.array([9.454583683980369e-008, -9.413212653797057e-006, 5.344486707214273e-004,
                     -1.584289289821316e-002, 1.707584643733568e-001], _F)
_AMPLITUDE0 = np.array([
    -6.838999669318810e-002, 1.864949361379502e-001, -2.145007480346739e-001,
    1.197549369473540e-001, -3.560281861530129e-003, -4.969382655296620e-002,
    -3.355424622293709e-006, 7.978845717621440e-001], _F)
_PHASE0 = np.array([
    3.242077816988247e+001, -3.630592630518434e+001, 1.756221482109099e+001,
    -4.974978466280903e+000, 1.001973420681837e+000, -1.939906941791308e-001,
    6.490598792654666e-002, -1.249992184872738e-001], _F)
_J1_NEAR = np.array([-4.878788132172128e-009, 6.009061827883699e-007, -4.541343896997497e-005,
                     1.937383947804541e-003, -3.405537384615824e-002], _F)
_Y1_NEAR = np.array([8.061978323326852e-009, -9.496460629917016e-007, 6.719543806674249e-005,
                     -2.641785726447862e-003, 4.202369946500099e-002], _F)
_AMPLITUDE1 = np.array([
    6.913942741265801e-002, -2.284801500053359e-001, 3.138238455499697e-001,
    -2.102302420403875e-001, 5.435364690523026e-003, 1.493389585089498e-001,
    4.976029650847191e-006, 7.978845453073848e-001], _F)
_PHASE1 = np.array([
    -4.497014141919556e+001, 5.073465654089319e+001, -2.485774108720340e+001,
    7.222973196770240e+000, -1.544842782180211e+000, 3.503787691653334e-001,
    -1.637986776941202e-001, 3.749989509080821e-001], _F)
_J0_ZERO_SQUARED = _F(5.78318596294678452118)  # the first zeros of J0, J1, Y0, Y1, squared
_J1_ZERO_SQUARED = _F(1.46819706421238932572e1)
_Y0_ZERO_SQUARED = _F(0.43221455686510834878)
_Y1_ZERO_SQUARED = _F(4.66539330185668857532)
_TWO_OVER_PI = _F(0.636619772367581343075535)
_QUARTER_PI = _F(0.7853981633974483096)
_THREE_QUARTER_PI = _F(2.35619449019234492885)


def _wave(y, amplitude, phase, shift, wave):
    """sqrt(1/y) amplitude(1/y) * wave(y + phase(1/y^2)/y - shift), for y > 2."""
    q = _F(1.0) / y
    size = _rsqrt(y) * eigen_float.horner(q, amplitude)
    angle = q * eigen_float.horner(q * q, phase) + -shift
    return size * wave(angle + y)


def _j0(x, path):
    y = np.abs(x)
    z = y * y
    near = np.where(y < _F(1e-3), z * _F(-0.25) + _F(1.0),
                    (z - _J0_ZERO_SQUARED) * eigen_float.horner(z, _J0_NEAR))
    far = _wave(y, _AMPLITUDE0, _PHASE0, _QUARTER_PI, path.cos)
    return np.where(y <= 2, near, far)


def _j1(x, path):
    y = np.abs(x)
    z = y * y
    near = (z - _J1_ZERO_SQUARED) * (x * eigen_float.horner(z, _J1_NEAR))
    far = _wave(y, _AMPLITUDE1, _PHASE1, _THREE_QUARTER_PI, path.cos)
    far = np.where(x < 0, -far, far)  # (J1 is odd)
    return np.where(y <= 2, near, far)


def _y0(x, path):
    z = x * x
    near = _TWO_OVER_PI * (path.log(x) * _j0(x, path))
    near = (z - _Y0_ZERO_SQUARED) * eigen_float.horner(z, _Y0_NEAR) + near
    far = _wave(x, _AMPLITUDE0, _PHASE0, _QUARTER_PI, path.sin)
    return np.where(x <= 2, np.where(x <= 0, _F(-np.inf), near), far)


def _y1(x, path):
    z = x * x
    near = (z - _Y1_ZERO_SQUARED) * eigen_float.horner(z, _Y1_NEAR)
    near = near * x + _TWO_OVER_PI * (_j1(x, path) * path.log(x) + _F(-1.0) / x)
    far = _wave(x, _AMPLITUDE1, _PHASE1, _THREE_QUARTER_PI, path.sin)
    return np.where(x <= 2, np.where(x < 0, _F(-np.inf), near), far)


i0 = _float32_kernel(_i0)
i0e = _float32_kernel(_i0e)
i1 = _float32_kernel(_i1)
i1e = _float32_kernel(_i1e)
k0 = _float32_kernel(_k0)
k0e = _float32_kernel(_k0e)
k1 = _float32_kernel(_k1)
k1e = _float32_kernel(_k1e)
j0 = _float32_kernel(_j0)
j1 = _float32_kernel(_j1)
y0 = _float32_kernel(_y0)
y1 = _float32_kernel(_y1)
