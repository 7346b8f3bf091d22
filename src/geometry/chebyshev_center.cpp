// The one translation unit that includes CGAL's linear-programming solver.
#include <CGAL/Gmpzf.h>
#include <CGAL/QP_functions.h>
#include <CGAL/QP_models.h>

#include "geometry/halfspace_intersection.hpp"

namespace skinlab {

ChebyshevCenter chebyshev_center(const std::vector<Halfspace>& halfspaces, double max_radius) {
  // Variables x, y, z (free) and r in [0, max_radius]; minimize -r.
  CGAL::Quadratic_program<double> lp(CGAL::SMALLER, false, 0, false, 0);
  for (int i = 0; i < static_cast<int>(halfspaces.size()); ++i) {
    const Halfspace& h = halfspaces[i];
    for (int k = 0; k < 3; ++k) lp.set_a(k, i, h.normal[k]);
    lp.set_a(3, i, h.normal.norm());
    lp.set_b(i, h.offset);
  }
  lp.set_l(3, true, 0.0);
  lp.set_u(3, true, max_radius);
  lp.set_c(3, -1.0);
  const CGAL::Quadratic_program_solution<CGAL::Gmpzf> solution = CGAL::solve_linear_program(lp, CGAL::Gmpzf());
  ChebyshevCenter out;
  if (!solution.is_optimal()) return out;
  auto value = solution.variable_values_begin();
  for (int k = 0; k < 3; ++k, ++value) out.center[k] = CGAL::to_double(*value);
  out.radius = CGAL::to_double(*value);
  return out;
}

}  // namespace skinlab
